import { ENDPOINTS } from '@orbit/contract';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import type { App } from '../../platform/http';
import { route } from '../../platform/route';
import { changeMyMic, listViewers, moderate } from './floor';
import { sendRecording } from './media';
import { createPost, listPosts } from './posts';
import { resumeRecordings } from './recording';
import { createLesson, endLesson, leaveRoom, lessonRoom, listLessons } from './service';

/** A lesson of the path's community: `/communities/:id/chat-sessions/:sessionId/...`. */
const inLesson = (request: FastifyRequest & { params: { id: number; sessionId: number } }) =>
  [me(request).userId, request.params.id, request.params.sessionId] as const;

/**
 * Lessons, the live instructor sessions (GojiWise): a community's members list them, its experts host them,
 * the host moderates the floor, and the recording is its members' only (docs/product/calls-and-lessons.md#lesson-list, docs/product/calls-and-lessons.md#lesson-room, #lesson-list).
 */
export async function lessonsRoutes(app: App, deps: AppDeps) {
  // Recordings left unprocessed by a previous run (a restart mid-job) are taken up once the server listens.
  app.addHook('onListen', async () => {
    resumeRecordings(deps, app.log).catch((err) => app.log.error({ err }, 'resuming recordings'));
  });

  route(app, ENDPOINTS.lessons, {}, async (request) =>
    listLessons(deps, me(request).userId, request.params.id, false),
  );

  route(app, ENDPOINTS.liveLessons, {}, async (request) =>
    listLessons(deps, me(request).userId, request.params.id, true),
  );

  route(app, ENDPOINTS.createLesson, {}, async (request, reply) => {
    const lesson = await createLesson(deps, me(request).userId, request.params.id, request.body);
    return reply.status(201).send(lesson);
  });

  route(app, ENDPOINTS.lessonRoom, {}, async (request) =>
    lessonRoom(deps, me(request).userId, request.params.id),
  );

  route(app, ENDPOINTS.leaveLessonRoom, {}, async (request) =>
    leaveRoom(deps, me(request).userId, request.params.id),
  );

  route(app, ENDPOINTS.endLesson, {}, async (request) => endLesson(deps, request.log, ...inLesson(request)));

  route(app, ENDPOINTS.lessonMic, {}, async (request) =>
    changeMyMic(deps, ...inLesson(request), request.body),
  );

  route(app, ENDPOINTS.moderateLesson, {}, async (request) =>
    moderate(deps, ...inLesson(request), request.body),
  );

  route(app, ENDPOINTS.lessonViewers, {}, async (request) => listViewers(deps, ...inLesson(request)));

  route(app, ENDPOINTS.lessonPosts, {}, async (request) => listPosts(deps, ...inLesson(request)));

  route(app, ENDPOINTS.createLessonPost, {}, async (request, reply) => {
    const post = await createPost(deps, ...inLesson(request), request.body);
    return reply.status(201).send(post);
  });

  route(
    app,
    ENDPOINTS.lessonRecording,
    { describe: { 200: 'the recording', 206: 'one byte range' } },
    async (request, reply) => {
      const [userId, communityId, lessonId] = inLesson(request);
      return sendRecording(deps, request, reply, { userId, communityId, lessonId });
    },
  );
}
