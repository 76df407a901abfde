import { T } from '../../i18n/texts';
import { openDialog } from '../../ui/dialogStore';
import { PersonaEditor } from './PersonaEditor';

/** Apart from the other editors: the profile editor opens it too, and openEditors.tsx imports that editor. */
export const openPersonaEditor = () => openDialog({ title: T.persona, render: () => <PersonaEditor /> });
