import {
  APP_NAMES,
  type AppId,
  attachmentUrl,
  avatarUrl,
  type FeedAttachment,
  type FeedComment,
  type FeedPost,
  IdentityType,
  type PollData,
  type PostActivityView,
  STROKES_SESSION_TYPE,
  UNITS,
  UnitPreference,
  Urgency,
} from '@orbit/contract';
import type { PostActivity } from '../../db/schema/feeds';
import { type FaceRow, faceSeenBy, publicCounts } from '../faces';
import { type AttachmentRow, type CommentRow, type PostBundle, pairKey, type Reactions } from './loader';
import type { PostFile } from './post-stats';

/** The name an anonymous item shows when its author has no alias yet. */
export const ANONYMOUS_NAME = 'Anonymous';

/** Who is looking: the presenters shape every HTTP answer and every event payload from this. */
export interface Viewer {
  userId: number;
  /** An expert of the community, or the owner of the member's feed. */
  isModerator: boolean;
  seesUrgent: boolean;
  unitPreference: number;
  /** Friends of the viewer among the people shown: a private member shows them the persona. */
  isFriendOf(userId: number): boolean;
  /** Wellbeing mode: no public counts (decision 0044). */
  wellbeing: boolean;
}

/**
 * Every field of a Viewer but who they are and whom they befriend: what tells viewers of a post apart. A
 * Record of them, so that a field added to Viewer does not compile until it is listed here too.
 */
const VIEWER_SETTING_NAMES: Record<Exclude<keyof Viewer, 'userId' | 'isFriendOf'>, true> = {
  isModerator: true,
  seesUrgent: true,
  unitPreference: true,
  wellbeing: true,
};
const VIEWER_SETTINGS = Object.keys(VIEWER_SETTING_NAMES) as (keyof typeof VIEWER_SETTING_NAMES)[];

export function presentAttachment(row: PostFile): FeedAttachment {
  return { id: row.id, type: row.type, fileName: row.fileName, url: attachmentUrl(row.id), size: row.size };
}

/**
 * The author as the viewer may see them. Anonymous items show the alias and the avatar, and the author's id
 * only to the author (so the client knows its own items); others show the face the author's privacy allows.
 */
function presentAuthor(author: FaceRow, identityType: number, viewer: Viewer) {
  const own = author.id === viewer.userId;
  if (identityType === IdentityType.ANONYMOUS) {
    return {
      author_user_id: own ? author.id : null,
      author_screen_name: author.alias ?? ANONYMOUS_NAME,
      author_avatar_image: author.avatarImage,
      author_avatar_image_url: avatarUrl(author.avatarImage),
      persona_image: null,
      identity_type: identityType,
      author_profile_available: false,
    };
  }
  const face = faceSeenBy(author, { self: own, isFriend: viewer.isFriendOf(author.id) });
  return {
    author_user_id: author.id,
    // Every named identity (username, name, social network) reads as the one name of decision 0043.
    author_screen_name: face.name,
    author_avatar_image: author.avatarImage,
    author_avatar_image_url: face.image_url ?? avatarUrl(author.avatarImage),
    persona_image: face.persona_image,
    identity_type: identityType,
    author_profile_available: !own,
  };
}

const twoDecimals = (n: number) => Math.round(n * 100) / 100;

/** Distance in the viewer's unit (unit_preference 1 miles, 2 km), two decimals. */
function distanceFor(activity: PostActivity, unitPreference: number) {
  const wantsKm = unitPreference === UnitPreference.METRIC;
  const unit = wantsKm ? ('km' as const) : ('mile' as const);
  if (activity.distance === null) return { distance: null, distance_unit: unit };
  const storedKm = activity.distance_unit !== 'mile';
  const km = storedKm ? activity.distance : activity.distance / UNITS.miPerKm;
  return { distance: twoDecimals(wantsKm ? km : km * UNITS.miPerKm), distance_unit: unit };
}

/** An activity post's summary: steps, or strokes for session type 69 (docs/product/feeds-and-comments.md#activity-posts). */
export function presentActivity(activity: PostActivity, unitPreference: number): PostActivityView {
  const strokes = activity.activity_session_type === STROKES_SESSION_TYPE;
  const appId = activity.bg_app_id;
  return {
    activity_name: activity.activity_name,
    activity_type: activity.activity_type,
    activity_session_type: activity.activity_session_type,
    activity_time: activity.activity_time,
    duration: activity.duration,
    calories: activity.calories,
    steps: strokes ? null : activity.steps,
    strokes: strokes ? activity.steps : null,
    ...distanceFor(activity, unitPreference),
    app: appId !== null && appId in APP_NAMES ? { id: appId, name: APP_NAMES[appId as AppId] } : null,
  };
}

function presentPoll(bundle: PostBundle, viewer: Viewer, now: Date): PollData | null {
  const { post, votes } = bundle;
  if (post.pollQuestion === null || post.pollOptions === null || post.pollExpiresAt === null) return null;
  const answers = post.pollOptions.map((_, index) =>
    votes.filter((v) => v.optionIndex === index).map((v) => ({ user_id: v.userId })),
  );
  const myAnswer = votes.find((v) => v.userId === viewer.userId)?.optionIndex ?? null;
  return {
    question: post.pollQuestion,
    options: post.pollOptions,
    // Once they voted, the counts are their own poll's outcome, not a public tally to compare with.
    ...publicCounts(viewer.wellbeing && myAnswer === null, { answers }),
    expiration_date: post.pollExpiresAt.toISOString(),
    expired: post.pollExpiresAt.getTime() <= now.getTime(),
    my_answer: myAnswer,
  };
}

const mayFields = (authorId: number, viewer: Viewer) => ({
  is_own: authorId === viewer.userId,
  may_edit: authorId === viewer.userId,
  may_delete: authorId === viewer.userId || viewer.isModerator,
});

/** A post as the viewer sees it: the list, the single read and the live event all use this. */
export function presentPost(
  bundle: PostBundle,
  viewer: Viewer,
  reactions: Reactions,
  now = new Date(),
): FeedPost {
  const { post, author, target, stats } = bundle;
  const key = pairKey(post.id, viewer.userId);
  const community = post.communityId !== null;
  const targetFace =
    target === null
      ? null
      : faceSeenBy(target, { self: target.id === viewer.userId, isFriend: viewer.isFriendOf(target.id) });
  return {
    id: post.id,
    user_feed_id: community ? null : post.id,
    community_feed_id: community ? post.id : null,
    community_id: post.communityId,
    owner_user_id: post.ownerUserId,
    message: post.message,
    time: post.createdAt.toISOString(),
    updated_time: post.updatedAt.toISOString(),
    ...presentAuthor(author, post.identityType, viewer),
    privacy: post.privacy,
    target_user_id: post.targetUserId,
    target_user_screen_name: targetFace?.name ?? null,
    num_comments: viewer.seesUrgent ? stats.all : stats.plain,
    urgency_comments: viewer.seesUrgent ? stats.highestUrgency : Urgency.NONE,
    ...publicCounts(viewer.wellbeing, { rating: bundle.rating, high_fives: bundle.highFives }),
    rated: reactions.ratings.get(key) ?? null,
    high_fived: reactions.highFives.has(key),
    tags: post.tags,
    tagged_users: post.taggedUsers,
    attachments: bundle.attachments.map(presentAttachment),
    type: post.type,
    poll_data: presentPoll(bundle, viewer, now),
    activity: post.activity === null ? null : presentActivity(post.activity, viewer.unitPreference),
    ...mayFields(post.authorId, viewer),
  };
}

/**
 * Which viewers a post is shown alike, as a key: equal keys, equal presentations. A viewer who is the
 * post's author or target, or who rated, high-fived or voted on it, is a class of their own; everyone else
 * is told apart only by the settings a presentation reads (every field of the Viewer but its id and its
 * friendships: VIEWER_SETTINGS) and the friendships with the members shown. A post to a community of 10000 is
 * then presented a handful of times, not 10000 (decision 0063). The key is one string built per viewer, no
 * arrays: it is worked out for every recipient, before the post's frames go out (decision 0070).
 */
export function viewerClassOf(bundle: PostBundle, reactions: Reactions): (viewer: Viewer) => string {
  const { post, author, target, votes } = bundle;
  const involved = new Set([author.id, ...(target ? [target.id] : []), ...votes.map((v) => v.userId)]);
  return (viewer) => {
    const key = pairKey(post.id, viewer.userId);
    const own = involved.has(viewer.userId) || reactions.ratings.has(key) || reactions.highFives.has(key);
    let settings = '';
    for (const name of VIEWER_SETTINGS) settings += `${viewer[name]}|`;
    const friendOfTarget = target ? viewer.isFriendOf(target.id) : '';
    return `${own ? viewer.userId : ''}|${settings}${viewer.isFriendOf(author.id)}|${friendOfTarget}`;
  };
}

export interface CommentBundle {
  comment: CommentRow;
  author: FaceRow;
  communityId: number | null;
  attachments: AttachmentRow[];
}

/**
 * Which viewers see a comment alike: what presentComment reads of a viewer (are they its author, a
 * moderator, the author's friend). A community's readers are a few classes, so a comment to thousands is
 * presented and serialised a few times.
 */
export function commentViewerClassOf(bundle: CommentBundle): (viewer: Viewer) => string {
  const authorId = bundle.author.id;
  return (viewer) =>
    `${viewer.userId === authorId ? viewer.userId : ''}:${viewer.isModerator}:${viewer.isFriendOf(authorId)}`;
}

export function presentComment(bundle: CommentBundle, viewer: Viewer): FeedComment {
  const { comment, communityId } = bundle;
  const community = communityId !== null;
  return {
    id: comment.id,
    user_feed_comment_id: community ? null : comment.id,
    community_feed_comment_id: community ? comment.id : null,
    feed_id: comment.postId,
    community_id: communityId,
    message: comment.message,
    time: comment.createdAt.toISOString(),
    updated_time: comment.updatedAt.toISOString(),
    ...presentAuthor(bundle.author, comment.identityType, viewer),
    urgency: comment.urgency,
    tagged_users: comment.taggedUsers,
    attachments: bundle.attachments.map(presentAttachment),
    ...mayFields(comment.authorId, viewer),
  };
}
