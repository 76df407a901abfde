import {
  ChatSession,
  ChatSessionList,
  CommunityParams,
  ErrorResponse,
  Ok,
  SessionCreateBody,
  SessionFloor,
  SessionIdParams,
  SessionMicBody,
  SessionModerateBody,
  SessionParams,
  SessionPost,
  SessionPostBody,
  SessionPosts,
  SessionRoom,
  SessionViewers,
} from '@orbit/contract';
import { Type } from 'typebox';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import { type App, rateLimit } from '../../platform/http';
import { changeMyMic, listViewers, moderate } from './floor';
import { sendRecording } from './media';
import { createPost, listPosts } from './posts';
import { resumeRecordings } from './recording';
import { createLesson, endLesson, leaveRoom, lessonRoom, listLessons } from './service';

const tags = ['sessions'];
const refusals = { '4xx': ErrorResponse, '5xx': ErrorResponse };
const MicAnswer = Type.Object({ mic: Type.Integer() });

/** Lessons, the live instructor sessions (GojiWise), and their recordings (001 §7, 002 §4, §7). */
export async function lessonsRoutes(app: App, deps: AppDeps) {
  const f = deps.config.rateLimitFactor;
  const writing = { rateLimit: rateLimit(f, 120) };
  const base = '/communities/:id/chat-sessions/:sessionId';

  // Recordings left unprocessed by a previous run (a restart mid-job) are taken up once the server listens.
  app.addHook('onListen', async () => {
    resumeRecordings(deps, app.log).catch((err) => app.log.error({ err }, 'resuming recordings'));
  });

  app.get(
    '/communities/:id/chat-sessions',
    { schema: { tags, params: CommunityParams, response: { 200: ChatSessionList, ...refusals } } },
    async (request) => listLessons(deps, me(request).userId, request.params.id, false),
  );

  app.get(
    '/communities/:id/chat-sessions-live',
    { schema: { tags, params: CommunityParams, response: { 200: ChatSessionList, ...refusals } } },
    async (request) => listLessons(deps, me(request).userId, request.params.id, true),
  );

  app.post(
    '/communities/:id/chat-sessions',
    {
      config: writing,
      schema: {
        tags,
        params: CommunityParams,
        body: SessionCreateBody,
        response: { 201: ChatSession, ...refusals },
      },
    },
    async (request, reply) => {
      const lesson = await createLesson(deps, me(request).userId, request.params.id, request.body);
      return reply.status(201).send(lesson);
    },
  );

  app.get(
    '/gojitalk/:id',
    { schema: { tags, params: SessionIdParams, response: { 200: SessionRoom, ...refusals } } },
    async (request) => lessonRoom(deps, me(request).userId, request.params.id),
  );

  app.post(
    '/gojitalk/:id/leave',
    { config: writing, schema: { tags, params: SessionIdParams, response: { 200: Ok, ...refusals } } },
    async (request) => leaveRoom(deps, me(request).userId, request.params.id),
  );

  app.post(
    `${base}/end`,
    { config: writing, schema: { tags, params: SessionParams, response: { 200: ChatSession, ...refusals } } },
    async (request) =>
      endLesson(deps, request.log, me(request).userId, request.params.id, request.params.sessionId),
  );

  app.post(
    `${base}/mic`,
    {
      config: writing,
      schema: {
        tags,
        params: SessionParams,
        body: SessionMicBody,
        response: { 200: MicAnswer, ...refusals },
      },
    },
    async (request) =>
      changeMyMic(deps, me(request).userId, request.params.id, request.params.sessionId, request.body),
  );

  app.post(
    `${base}/moderate`,
    {
      config: writing,
      schema: {
        tags,
        params: SessionParams,
        body: SessionModerateBody,
        response: { 200: SessionFloor, ...refusals },
      },
    },
    async (request) =>
      moderate(deps, me(request).userId, request.params.id, request.params.sessionId, request.body),
  );

  app.get(
    `${base}/viewers`,
    { schema: { tags, params: SessionParams, response: { 200: SessionViewers, ...refusals } } },
    async (request) => listViewers(deps, me(request).userId, request.params.id, request.params.sessionId),
  );

  app.get(
    `${base}/posts`,
    { schema: { tags, params: SessionParams, response: { 200: SessionPosts, ...refusals } } },
    async (request) => listPosts(deps, me(request).userId, request.params.id, request.params.sessionId),
  );

  app.post(
    `${base}/posts`,
    {
      config: writing,
      schema: {
        tags,
        params: SessionParams,
        body: SessionPostBody,
        response: { 201: SessionPost, ...refusals },
      },
    },
    async (request, reply) => {
      const post = await createPost(
        deps,
        me(request).userId,
        request.params.id,
        request.params.sessionId,
        request.body,
      );
      return reply.status(201).send(post);
    },
  );

  app.get(`${base}/mediafile`, { schema: { tags, params: SessionParams } }, async (request, reply) =>
    sendRecording(deps, request, reply, {
      userId: me(request).userId,
      communityId: request.params.id,
      lessonId: request.params.sessionId,
    }),
  );
}
