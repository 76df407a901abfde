import { type EventEnvelope, EventSubtype, EventType, PROFILES_REFRESH_INTERVAL_MS } from '@orbit/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { showAnnouncement } from '../ui/popup';
import { notificationSound, playSound } from '../ui/sounds';
import { activityKeys } from './activities';
import { applyCallEvent } from './calls';
import { communityKeys } from './communities';
import { applyCommentEvent, applyPostEvent, feedKeys } from './feeds';
import { incentiveKeys } from './incentives';
import { queryKeys } from './keys';
import { applyChatEvent, applyLessonEvent, lessonKeys } from './lessons';
import { applyPmEvent, messageKeys } from './messages';
import { applyNotificationEvent } from './notifications';
import { applyMoodDelta } from './profiles';
import { socialKeys } from './social';
import { surveyKeys } from './surveys';

export interface HandlerContext {
  queryClient: QueryClient;
  /** Coalesces bursts of "something changed" events into one refetch. */
  invalidate: (key: QueryKey) => void;
}

/**
 * `replay`: the event was missed while offline and arrives on a resume, so it is news but not a moment. The
 * event is typed by the contract's event catalogue: its type (and subtype) say what its data is.
 */
type Handler<T extends EventType> = (
  context: HandlerContext,
  event: EventEnvelope<T>,
  replay: boolean,
) => void;
type Handlers = { [T in EventType]?: Handler<T> };

/**
 * One small handler per event type. Handlers are idempotent: the HTTP reply and the
 * event may arrive in either order. Features add their own rows as they land.
 */
export const realtimeHandlers: Handlers = {
  [EventType.USER_POST]: ({ queryClient }, event) => applyPostEvent(queryClient, event),
  [EventType.COMMUNITY_POST]: ({ queryClient }, event) => applyPostEvent(queryClient, event),
  [EventType.COMMUNITY_COMMENT]: ({ queryClient }, event) => applyCommentEvent(queryClient, event),
  // With a community_id it also says that a community's membership, invites or picture changed.
  // With a gojimoji it is a friend's new mood, put on their stars here rather than refetched.
  [EventType.USER_PROFILES]: ({ queryClient, invalidate }, event) => {
    const { user_id, gojimoji } = event.data;
    const applied = gojimoji && user_id && applyMoodDelta(queryClient, user_id, gojimoji);
    if (!applied) invalidate(queryKeys.profiles);
    if (event.data.community_id !== undefined) invalidate(communityKeys.root);
    // With an organization_id: an admin wrote a survey or an incentive plan of the member's organisation.
    if (event.data.organization_id !== undefined) {
      invalidate(surveyKeys.root);
      invalidate(incentiveKeys.root);
    }
  },
  // A session was logged: the incentive screen's progress and history follow without a reload.
  // The THIS WEEK summary, the history and the leaderboards follow too.
  [EventType.SESSION_ACTIVITY]: ({ queryClient, invalidate }, event, replay) => {
    invalidate(incentiveKeys.root);
    invalidate(activityKeys.root);
    // Live instructor sessions: the streaming rooms list, the session chat and the open room (a mic granted
    // while offline opens without its sound).
    applyLessonEvent(queryClient, invalidate, event, replay);
  },
  // A post in the live session room I am in: its chat list and, when it is not a replay, its toast (docs/product/calls-and-lessons.md#lesson-room).
  [EventType.CHAT]: ({ queryClient }, event, replay) => applyChatEvent(queryClient, event, !replay),
  // An organisation's announcement shows at once, whatever screen is open.
  [EventType.MAINTENANCE_NOTIFICATION]: (_context, event) => showAnnouncement(event.data),
  // NEW and UPDATE carry the unread count: the badge and the open list change without a refetch.
  // A NEW one also sounds: "tag user" when the member was tagged, "general" otherwise (docs/product/home-and-stars.md#shell); the ones
  // replayed after a reconnect stay silent, or a member back from a tunnel would hear a burst of them;
  // so do those the server marks quiet (the member's quiet hours, decision 0044): list and badge only.
  [EventType.NOTIFICATION]: ({ queryClient }, event, replay) => {
    applyNotificationEvent(queryClient, event);
    const quiet = 'quiet' in event.data && event.data.quiet === true;
    if (event.subtype === EventSubtype.NEW && !replay && !quiet) {
      playSound(notificationSound(event.data.notification));
    }
  },
  // NEW, UPDATE and DELETE: the open thread follows at once; counts and pending_pms_qty are refetched.
  [EventType.PM]: ({ queryClient, invalidate }, event) => {
    applyPmEvent(queryClient, event);
    invalidate(messageKeys.previews);
    invalidate(queryKeys.profiles);
  },
  // INVITE shows the incoming call popup, ringing unless replayed; END, ACCEPT, REJECT and UPDATE reach the
  // open call screen.
  [EventType.CALL]: (_context, event, replay) => applyCallEvent(event, replay),
  // SENT, ACCEPT and REJECT alike: the requests list, the profiles of others and the star set changed.
  [EventType.FRIEND_REQUEST]: ({ invalidate }) => {
    invalidate(socialKeys.root);
    invalidate(queryKeys.profiles);
  },
  // A moderator's open report lists: a new report takes its place, a settled one leaves (decision 0052).
  // Rare, for moderators only, and the lists it keeps load with their screen: its code loads on demand,
  // off the first screen's chunk (decision 0028); events keep their order, as each waits on one module.
  [EventType.REPORT]: ({ queryClient }, event) => {
    void import('./reportEvents').then((lists) => lists.applyReportEvent(queryClient, event));
  },
};

/**
 * A community no open screen watches any more (decision 0084): its channel's events stop coming, so what its
 * feed, posts, comments and lessons keep is marked stale, to be read again when one of them opens; nothing is
 * refetched now. Comments, posts and rooms are keyed by their own ids, so all of them are marked.
 */
export function markChannelScreensStale(queryClient: QueryClient, communityId: number): void {
  for (const queryKey of [
    feedKeys.feed({ kind: 'community', id: communityId }),
    [...feedKeys.root, 'comments'],
    [...feedKeys.root, 'post'],
    lessonKeys.root,
  ]) {
    void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
  }
}

export const INVALIDATE_THROTTLE_MS = 250;
/**
 * The home star set is refetched at most once a second: a burst of USER_PROFILES refreshes is one refetch
 * (issue 17: no USER_PROFILES storms; the server merges them the same way).
 */
export const PROFILES_REFETCH_INTERVAL_MS = PROFILES_REFRESH_INTERVAL_MS;

const PROFILES_ID = JSON.stringify(queryKeys.profiles);
const intervalOf = (id: string) =>
  id === PROFILES_ID ? PROFILES_REFETCH_INTERVAL_MS : INVALIDATE_THROTTLE_MS;

export function createHandlerContext(queryClient: QueryClient): HandlerContext {
  const pending = new Map<string, ReturnType<typeof setTimeout>>();
  const lastRefetch = new Map<string, number>();
  return {
    queryClient,
    invalidate: (key) => {
      const id = JSON.stringify(key);
      if (pending.has(id)) return;
      const sinceLast = Date.now() - (lastRefetch.get(id) ?? Number.NEGATIVE_INFINITY);
      const wait = Math.max(INVALIDATE_THROTTLE_MS, intervalOf(id) - sinceLast);
      pending.set(
        id,
        setTimeout(() => {
          pending.delete(id);
          lastRefetch.set(id, Date.now());
          void queryClient.invalidateQueries({ queryKey: key });
        }, wait),
      );
    },
  };
}

/** The row of `type` takes the events of that type: `T` ties the two, so the row takes the event as it is. */
function dispatch<T extends EventType>(
  type: T,
  context: HandlerContext,
  event: EventEnvelope<T>,
  replay: boolean,
) {
  const handler: Handler<T> | undefined = realtimeHandlers[type];
  handler?.(context, event, replay);
}

export function handleRealtimeEvent(context: HandlerContext, event: EventEnvelope, replay = false): void {
  dispatch(event.type, context, event, replay);
}
