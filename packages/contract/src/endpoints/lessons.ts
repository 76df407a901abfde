import {
  ChatSession,
  ChatSessionList,
  CommunityParams,
  Ok,
  SessionCreateBody,
  SessionFloor,
  SessionIdParams,
  SessionMicAnswer,
  SessionMicBody,
  SessionModerateBody,
  SessionParams,
  SessionPost,
  SessionPostBody,
  SessionPosts,
  SessionRoom,
  SessionViewers,
} from '../schemas';
import { endpoints, perMinute } from './define';
import { LESSON_ROUTES } from './routes';

/** A community's lessons are its members' only: another community's, or a private one's, is not there. */
const MEMBER = ['not_found', 'not_a_member'] as const;
/** A lesson that is not there, not in the path's community, or in a community the caller is not in. */
const LESSON = [...MEMBER, 'no_such_session'] as const;
/** Acting on the floor needs the lesson still running, and a caller the host has not kicked. */
const LIVE = [...LESSON, 'session_ended', 'kicked'] as const;

export const LESSON_ENDPOINTS = endpoints('sessions', LESSON_ROUTES, {
  lessons: { params: CommunityParams, response: ChatSessionList, errors: MEMBER },
  liveLessons: { params: CommunityParams, response: ChatSessionList, errors: MEMBER },
  /** Only the community's experts host a lesson; its room is made on the media server (503 while away). */
  createLesson: {
    rateLimit: perMinute(120),
    status: 201,
    params: CommunityParams,
    body: SessionCreateBody,
    response: ChatSession,
    errors: [...MEMBER, 'not_an_expert', 'media_unavailable'],
  },
  /** Entering the room hands out the media server's credentials, so a kicked viewer gets none. */
  lessonRoom: {
    params: SessionIdParams,
    response: SessionRoom,
    errors: [...LESSON, 'kicked', 'media_unavailable'],
  },
  leaveLessonRoom: { rateLimit: perMinute(120), params: SessionIdParams, response: Ok, errors: LESSON },
  /** The host or another expert of the community ends a running lesson. */
  endLesson: {
    rateLimit: perMinute(120),
    params: SessionParams,
    response: ChatSession,
    errors: [...LESSON, 'not_an_expert', 'session_ended', 'media_unavailable'],
  },
  /**
   * A viewer's own mic: the host holds it already, Q&A may be off, the mic must be in the right state; a mic
   * given back is muted on the media server (503 while away).
   */
  lessonMic: {
    rateLimit: perMinute(120),
    params: SessionParams,
    body: SessionMicBody,
    response: SessionMicAnswer,
    errors: [...LIVE, 'host_mic', 'requests_disabled', 'mic_state', 'media_unavailable'],
  },
  /** The host's moderation of a viewer, who must be a member other than the host and in the room. */
  moderateLesson: {
    rateLimit: perMinute(120),
    params: SessionParams,
    body: SessionModerateBody,
    response: SessionFloor,
    errors: [
      ...LIVE,
      'not_the_host',
      'user_required',
      'host_target',
      'no_such_viewer',
      'mic_state',
      'mic_not_granted',
      'not_in_room',
      'media_unavailable',
    ],
  },
  lessonViewers: { params: SessionParams, response: SessionViewers, errors: LESSON },
  lessonPosts: { params: SessionParams, response: SessionPosts, errors: LESSON },
  /** A post in the lesson's chat needs a message no longer than the limit, from a viewer not kicked. */
  createLessonPost: {
    rateLimit: perMinute(120),
    status: 201,
    params: SessionParams,
    body: SessionPostBody,
    response: SessionPost,
    errors: [...LESSON, 'kicked', 'empty_post', 'post_max_size'],
  },
  /** The recording's bytes, once it is ready, with byte ranges for seeking. */
  lessonRecording: { params: SessionParams, errors: [...LESSON, 'no_media', 'out_of_range'] },
});
