import type {
  AdminIncentivePlan,
  AdminOrganizationsResponse,
  AdminSurvey,
  CallStarted,
  Community,
  CommunityEntry,
  IncentiveCommunity,
  Moment,
  MomentLeaderboardResponse,
  PrivateCallSession,
  PublicProfile,
  ReplayedSessionResponse,
  ReportTargetType,
  SurveyListItem,
  TournamentRound,
} from '@orbit/contract';
import type { SearchKind } from '../api/social';
import type { Star } from '../api/types';

/**
 * The app's places (docs/decisions/0059): each name with its parameters. A view opens one by name,
 * `open('community', { id, name })`, whether another feature shows it or its own: it imports neither the
 * feature that shows it nor its own `open.tsx`, which lazily imports the views, so no import circle closes. The
 * feature that shows a place registers its opener at start-up (app/registerPlaces.ts). The addresses a link or
 * a reload reopens stay each feature's own (app/addresses.ts, decision 0042).
 */
export interface Places {
  // communities
  community: CommunityRef & Instead;
  'community-invite': PendingInvite;
  /** A community as a list shows it: its page for a member, its invite for an invitee, else its preview. */
  'listed-community': CommunityEntry;
  'create-community': undefined;
  'community-info': { communityId: number };
  'community-members': { communityId: number };
  'add-member': { communityId: number };
  'invite-members': Pick<Community, 'id' | 'name'>;
  'community-image': { communityId: number };
  'join-community': { entry: CommunityEntry; onJoined: () => void };
  // lessons
  'lesson-sessions': { communityId: number };
  // social
  member: { userId: number; name: string } & Instead;
  search: { kind: SearchKind } | undefined;
  requests: undefined;
  inactive: undefined;
  'private-request': undefined;
  mood: undefined;
  'friend-confirmation': PublicProfile;
  'users-list': undefined;
  'tag-editor': undefined;
  // messages
  messages: undefined;
  thread: ThreadRef & Instead;
  'private-thread': { userId: number; name: string } & Instead;
  'group-star': Pick<Star, 'name' | 'group_id'>;
  'friend-picker': undefined;
  'new-group': undefined;
  'add-participant': { chosen: readonly number[]; onAdd: (userId: number) => void };
  // calls
  call: CallRef;
  // reports
  report: ReportTarget;
  /** Where to find help, in the report dialog's place (a self-harm report's answer names it). */
  support: { url: string };
  'community-reports': { communityId: number };
  // activities
  history: { friendId: number } | undefined;
  'log-activity': undefined;
  leaderboard: undefined;
  // moments
  moments: undefined;
  /** A new moment, or a kept treasure to send (its original). */
  'moment-create': { original: Moment } | undefined;
  'moment-leaderboard': MomentLeaderboardResponse;
  /** A played moment's recorded session, shown once the module has closed. */
  'moment-session': { momentId: number; answer: ReplayedSessionResponse };
  // incentives
  incentives: Pick<Star, 'incentive_plans'> | undefined;
  'madness-history': IncentiveCommunity;
  // surveys
  surveys: undefined;
  survey: SurveyListItem;
  // tournament
  'background-star': Pick<Star, 'type'>;
  /** One round of a season (null: the server's choice, the round under way). */
  'tournament-progress': { code: string | null; round: TournamentRound | null };
  'tournament-profile': { code: string; round: TournamentRound; userId: number };
  // notifications
  notifications: undefined;
  'quiet-window': QuietWindow;
  // admin
  admin: undefined;
  'survey-editor': { survey: AdminSurvey | null; organizationId: number };
  'plan-editor': {
    plan: AdminIncentivePlan | null;
    scope: AdminOrganizationsResponse;
    organizationId: number;
  };
  // settings
  settings: undefined;
  devices: undefined;
  'push-settings': undefined;
  'blocked-members': undefined;
}

/** A place opened from a form takes the form's place on the stack (after a request sent, a thread created). */
export interface Instead {
  instead?: boolean;
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

/** The digest's window: ISO 8601 start and end. */
export interface QuietWindow {
  from: string;
  until: string;
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
