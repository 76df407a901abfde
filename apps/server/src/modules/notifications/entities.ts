import { ChallengeStatus, type NotificationData, NotificationType } from '@orbit/contract';
import type { MemberFace } from '../faces';

/** What a service hands to notify(): the docs/product/realtime.md#notification-types entity without what the store fills in (id, read, time). */
export interface NotificationInput {
  type: NotificationType;
  title: string;
  body?: string;
  image_url?: string | null;
  color?: string | null;
  source?: string | null;
  community_id?: number | null;
  data?: NotificationData;
}

/** A shortened quote of what was written, for a notification's body. */
const BODY_QUOTE_MAX = 140;
const quote = (text: string) =>
  text.length > BODY_QUOTE_MAX ? `${text.slice(0, BODY_QUOTE_MAX - 1)}…` : text;

const fromMember = (who: MemberFace) => ({
  image_url: who.image_url,
  source: who.name,
  data: { user_id: who.user_id },
});

/** FRIEND_STAR: a member asked to be the recipient's friend; opening it shows their star. */
export function friendRequestNotification(sender: MemberFace): NotificationInput {
  return {
    ...fromMember(sender),
    type: NotificationType.FRIEND_STAR,
    title: 'Friend request',
    body: `${sender.name} sent you a friend request`,
  };
}

export interface CommunityRef {
  id: number;
  name: string;
  color?: string | null;
  image_url?: string | null;
}

/** COMMUNITY_STAR: the recipient is invited into a community; opening it shows the invite star. */
export function communityInviteNotification(community: CommunityRef, inviter: MemberFace): NotificationInput {
  return {
    type: NotificationType.COMMUNITY_STAR,
    title: 'Community invitation',
    body: `${inviter.name} invited you to join ${community.name}`,
    image_url: community.image_url ?? null,
    color: community.color ?? null,
    source: community.name,
    community_id: community.id,
    data: { user_id: inviter.user_id },
  };
}

/** Where a post lives: a community feed, or a member's own feed (community_id null). */
export interface PostRef {
  post_id: number;
  community_id: number | null;
}

/** COMMENTS: someone commented on the recipient's post. */
export function commentNotification(
  author: MemberFace,
  post: PostRef,
  commentId: number,
  text: string,
): NotificationInput {
  const from = fromMember(author);
  return {
    ...from,
    type: NotificationType.COMMENTS,
    title: 'New comment',
    body: `${author.name} commented on your post: ${quote(text)}`,
    community_id: post.community_id,
    data: { ...from.data, post_id: post.post_id, comment_id: commentId },
  };
}

/** ME_STAR: the recipient was @tagged in a post or one of its comments; `tagged` names everyone tagged there. */
export function tagNotification(post: PostRef, tagged: string[]): NotificationInput {
  return {
    type: NotificationType.ME_STAR,
    title: 'You were tagged',
    body: `You were tagged with ${tagged.map((name) => `@${name}`).join(', ')}`,
    community_id: post.community_id,
    data: { post_id: post.post_id, tagged_users: tagged },
  };
}

/** PRIVATE_MESSAGE: a message in a thread the recipient takes part in; opening it opens the thread. */
export function privateMessageNotification(
  sender: MemberFace,
  groupId: number,
  text: string,
  groupName?: string | null,
): NotificationInput {
  const from = fromMember(sender);
  return {
    ...from,
    type: NotificationType.PRIVATE_MESSAGE,
    title: groupName ? `${sender.name} in ${groupName}` : `Message from ${sender.name}`,
    body: text ? quote(text) : 'IMAGE',
    data: { ...from.data, group_id: groupId },
  };
}

export interface ChallengeRef {
  id: number;
  name: string;
  description: string;
  start_date: Date;
  end_date: Date | null;
  metric: string;
  metric_goal: number | null;
}

/** FRIENDLY_CHALLENGE with the challenge fields of docs/product/realtime.md#challenge-accept, AVAILABLE until the recipient accepts. */
export function challengeNotification(challenger: MemberFace, challenge: ChallengeRef): NotificationInput {
  const from = fromMember(challenger);
  return {
    ...from,
    type: NotificationType.FRIENDLY_CHALLENGE,
    title: 'Friendly challenge',
    body: `${challenger.name} challenged you: ${challenge.name}`,
    data: {
      ...from.data,
      friendly: true,
      challenger_user_screen_name: challenger.screen_name,
      name: challenge.name,
      description: challenge.description,
      start_date: challenge.start_date.toISOString(),
      end_date: challenge.end_date?.toISOString() ?? '',
      metric: challenge.metric,
      metric_goal: challenge.metric_goal,
      challenge_status: ChallengeStatus.AVAILABLE,
      id: challenge.id,
      moment_id: challenge.id,
    },
  };
}

/** MAINTENANCE: an organisation administrator's announcement. */
export function maintenanceNotification(
  title: string,
  body: string,
  organisation: string,
): NotificationInput {
  return { type: NotificationType.MAINTENANCE, title, body, source: organisation };
}

/** How the digest names each kind of notification, singular and plural. */
const DIGEST_NOUNS: Partial<Record<NotificationType, [string, string]>> = {
  [NotificationType.PRIVATE_MESSAGE]: ['message', 'messages'],
  [NotificationType.COMMENTS]: ['comment', 'comments'],
  [NotificationType.ME_STAR]: ['tag', 'tags'],
  [NotificationType.FRIEND_STAR]: ['friend request', 'friend requests'],
  [NotificationType.COMMUNITY_STAR]: ['community invitation', 'community invitations'],
  [NotificationType.CALL_START]: ['call', 'calls'],
  [NotificationType.CALL_END]: ['missed call', 'missed calls'],
  [NotificationType.CALL_REJECT]: ['declined call', 'declined calls'],
  [NotificationType.FRIENDLY_CHALLENGE]: ['challenge', 'challenges'],
  [NotificationType.SURVEY]: ['survey', 'surveys'],
  [NotificationType.SESSION]: ['session', 'sessions'],
  [NotificationType.MAINTENANCE]: ['announcement', 'announcements'],
};

export interface TypeCount {
  type: number;
  count: number;
}

/** QUIET_DIGEST: "While you rested: 3 messages, 2 comments", with the counts and the window in data. */
export function quietDigestNotification(
  counts: TypeCount[],
  window: { start: Date; end: Date },
): NotificationInput {
  const parts = counts.map(({ type, count }) => {
    const [one, many] = DIGEST_NOUNS[type as NotificationType] ?? ['notification', 'notifications'];
    return `${count} ${count === 1 ? one : many}`;
  });
  return {
    type: NotificationType.QUIET_DIGEST,
    title: 'While you rested',
    body: `While you rested: ${parts.join(', ')}`,
    data: {
      quiet_counts: counts,
      quiet_from: window.start.toISOString(),
      quiet_until: window.end.toISOString(),
    },
  };
}

/** Which check-in a REMINDER asks for, and where it opens (the addresses of decision 0042). */
export type ReminderKind = 'mood' | 'activity';
export const REMINDER_PATHS: Record<ReminderKind, string> = { mood: '/mood', activity: '/log-activity' };

/** REMINDER: the member's own daily check-in, at the local time they chose (decision 0054). */
export function reminderNotification(kind: ReminderKind): NotificationInput {
  return kind === 'mood'
    ? {
        type: NotificationType.REMINDER,
        title: 'How are you feeling?',
        body: 'Take a moment to pick your mood for today.',
        data: { reminder: 'mood' },
      }
    : {
        type: NotificationType.REMINDER,
        title: 'Time to move',
        body: 'Even a short walk counts: log it here when you are done.',
        data: { reminder: 'activity' },
      };
}
