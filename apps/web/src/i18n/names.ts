import { positional, type TFunction } from './index';
import { T } from './texts';

/** Someone on screen: the name the server presents for them (as they chose to be seen), and whether it is me. */
export interface Person {
  name: string;
  isMe: boolean;
}

/**
 * The one display-name rule: I am "You" (an author line, a score, a call tile); everyone else goes by the
 * name the server presents to me (their persona's, or their alias), never a name worked out here.
 */
export const personName = (t: TFunction, { name, isMe }: Person): string => (isMe ? t(T.you) : name);

/** Among other people in a list (members, participants), I keep the name the others see: "ada.p (You)". */
export const listedPersonName = (t: TFunction, { name, isMe }: Person): string =>
  isMe ? t(T.listedYou, positional(name)) : name;
