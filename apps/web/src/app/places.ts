import type { CallStarted, PrivateCallSession, ReportTargetType } from '@orbit/contract';
import type { SearchKind } from '../api/social';
import type { Star } from '../api/types';

/**
 * The app's places a feature opens in another (docs/decisions/0059): each name with its parameters. A feature
 * opens one by name, `open('community', { id, name })`, and never imports the feature that shows it; that
 * feature registers the opener at start-up (app/registerPlaces.ts). The addresses a link or a reload reopens
 * stay each feature's own (app/addresses.ts, decision 0042).
 */
export interface Places {
  // communities
  community: CommunityRef;
  'community-invite': PendingInvite;
  'create-community': undefined;
  // social
  member: { userId: number; name: string };
  search: { kind: SearchKind } | undefined;
  requests: undefined;
  inactive: undefined;
  'private-request': undefined;
  mood: undefined;
  // messages
  messages: undefined;
  thread: ThreadRef;
  'private-thread': { userId: number; name: string };
  'group-star': Pick<Star, 'name' | 'group_id'>;
  // calls
  call: CallRef;
  // reports
  report: ReportTarget;
  'community-reports': { communityId: number };
  // activities
  history: { friendId: number } | undefined;
  'log-activity': undefined;
  // the home view's other stars
  moments: undefined;
  incentives: Pick<Star, 'incentive_plans'> | undefined;
  surveys: undefined;
  'background-star': Pick<Star, 'type'>;
  // the side menu's
  admin: undefined;
  notifications: undefined;
  settings: undefined;
}

export type PlaceName = keyof Places;

/** A community as an opener needs it: its id, and its name for the dialog's title. */
export interface CommunityRef {
  id: number;
  name: string;
}

/** An invitation to a community, as the member's stars list it. */
export interface PendingInvite {
  communityId: number;
  name: string;
  imageUrl: string | null;
  color: string | null;
  sentAt: string | null;
}

/** A thread as an opener needs it: its id, its title (the group or the other members' names). */
export interface ThreadRef {
  groupId: number;
  title: string;
  /** Called when the thread cannot be loaded, after it left the list (docs/product/messages.md#previews). */
  onGone?: () => void;
}

/** A call as its screen needs it. */
export interface CallRef {
  callId: number;
  /** The community's name, or the other member's (docs/product/home-and-stars.md#shell: community name or caller name). */
  title: string;
  /** The room session when POST /call/start just answered it: the screen connects without fetching it. */
  session?: PrivateCallSession;
  /** The accept still on its way (the room joins meanwhile): its refusal replaces the call on the screen. */
  accepted?: Promise<CallStarted>;
}

/** What a member reports: its kind and id, and for a member or a community the name the title shows. */
export interface ReportTarget {
  type: ReportTargetType;
  id: number;
  name?: string;
}

export type PlaceOpeners = { [Name in PlaceName]: (params: Places[Name]) => void };

/** A place without parameters is opened by its name alone. */
type ParamsOf<Name extends PlaceName> = undefined extends Places[Name]
  ? [params?: Places[Name]]
  : [params: Places[Name]];

const openers: Partial<PlaceOpeners> = {};

/** Each feature hands its openers over once, at start-up; a place has one owner. */
export function registerPlaces(entries: Partial<PlaceOpeners>): void {
  for (const name of Object.keys(entries) as PlaceName[]) {
    if (openers[name]) throw new Error(`place ${name} is registered twice`);
  }
  Object.assign(openers, entries);
}

export function open<Name extends PlaceName>(name: Name, ...[params]: ParamsOf<Name>): void {
  const opener = openers[name] as ((params: Places[Name] | undefined) => void) | undefined;
  // A missing opener is a wiring mistake (app/registerPlaces.ts), not a user's: fail loudly.
  if (!opener) throw new Error(`place ${name} is not registered`);
  opener(params);
}
