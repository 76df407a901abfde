import { openDialog } from './dialogStore';
import { lazyScreen } from './lazyScreen';

const YesNo = lazyScreen(() => import('./ConfirmDialog').then((m) => m.YesNo));

/** A Yes/No question naming what it acts on, on top of the stack; Yes closes it, then acts. */
export const confirmYesNo = (question: string, onYes: () => void, detail?: string) =>
  openDialog({ title: question, titleIsName: true, render: () => <YesNo onYes={onYes} detail={detail} /> });
