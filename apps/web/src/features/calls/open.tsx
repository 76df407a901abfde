import type { CallRef } from '../../app/places';
import { T } from '../../i18n/texts';
import { openDialog, replaceDialog } from '../../ui/dialogStore';
import { lazyScreen } from '../../ui/lazyScreen';
import type { Address } from '../../ui/navigation/history';
import { captureMicrophone } from './microphone';
import { preloadCallMedia } from './start';

// The call screen and its media code load with the first call, not with the app's first screen.
const CallScreen = lazyScreen(() => import('./CallScreen').then((m) => m.CallScreen));
const Rejoin = lazyScreen(() => import('./Rejoin').then((m) => m.Rejoin));

export type { CallRef };

const callRoute = (callId: number) => ({ kind: 'call', ids: [callId] });

/** The call screen in the dialog stack. */
export const openCall = ({ callId, title, session, accepted }: CallRef) =>
  openDialog({
    title,
    titleIsName: true,
    stage: true,
    route: callRoute(callId),
    render: () => <CallScreen callId={callId} initial={session} accepted={accepted} />,
  });

/** Rejoining a call reopened from its address: the screen fetches its session, as for any call it opens. */
function rejoin(callId: number): void {
  preloadCallMedia();
  captureMicrophone();
  replaceDialog({
    title: T.callCall,
    route: callRoute(callId),
    stage: true,
    render: () => <CallScreen callId={callId} />,
  });
}

/** A call in progress reopens as a question, "Rejoin the call?", never joining by itself (issue 13). */
export const CALL_ADDRESSES: readonly Address[] = [
  {
    kind: 'call',
    ids: 1,
    view: ([callId]) => ({
      title: T.callRejoinQuestion,
      route: callRoute(callId),
      render: () => <Rejoin callId={callId} onRejoin={() => rejoin(callId)} />,
    }),
  },
];
