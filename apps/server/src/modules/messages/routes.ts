import {
  DataImageBody,
  ErrorResponse,
  Ok,
  PmCreateGroupBody,
  PmDirectBody,
  PmDirectResponse,
  PmFilesAdded,
  PmFilesData,
  PmGroupCreated,
  PmGroupIdParams,
  PmGroupImageQuery,
  PmGroupImageResponse,
  PmGroupParams,
  PmListQuery,
  PmListResponse,
  PmMessageBody,
  PmMessageParams,
  PmPreview,
  PmPreviewsQuery,
  PmPreviewsResponse,
  PmReadResponse,
  PmSent,
  PmSentWithFiles,
} from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import { type App, BODY_LIMITS, rateLimit } from '../../platform/http';
import { formData, readUploadForm } from '../attachments';
import { groupImage, setGroupImage } from './images';
import { previewsOf, threadPreview } from './previews';
import {
  addFilesToMessage,
  createGroup,
  deleteMessage,
  editMessage,
  listMessages,
  markRead,
  openDirect,
  sendMessage,
} from './service';

const tags = ['messages'];
const refusals = { '4xx': ErrorResponse };

/** Private and group messages (002 §7). Only a thread's participants read or write it: 404 for others. */
export async function messagesRoutes(app: App, deps: AppDeps) {
  const f = deps.config.rateLimitFactor;
  const writing = { rateLimit: rateLimit(f, 120) };

  app.get(
    '/pms/previews',
    { schema: { tags, querystring: PmPreviewsQuery, response: { 200: PmPreviewsResponse, ...refusals } } },
    async (request) => previewsOf(deps.db, me(request).userId, request.query.search),
  );

  app.get(
    '/pms/previews/:group_id',
    { schema: { tags, params: PmGroupParams, response: { 200: PmPreview, ...refusals } } },
    async (request) => threadPreview(deps.db, me(request).userId, request.params.group_id),
  );

  app.get(
    '/pms/list/:group_id',
    {
      schema: {
        tags,
        params: PmGroupParams,
        querystring: PmListQuery,
        response: { 200: PmListResponse, ...refusals },
      },
    },
    async (request) =>
      listMessages(deps, me(request).userId, request.params.group_id, request.query.page_key),
  );

  app.post(
    '/pms/read/:group_id',
    { schema: { tags, params: PmGroupParams, response: { 200: PmReadResponse, ...refusals } } },
    async (request) => markRead(deps, me(request).userId, request.params.group_id),
  );

  app.post(
    '/pms/send/:group_id',
    {
      config: writing,
      schema: { tags, params: PmGroupParams, body: PmMessageBody, response: { 200: PmSent, ...refusals } },
    },
    async (request) => sendMessage(deps, me(request).userId, request.params.group_id, request.body.message),
  );

  const uploading = { rateLimit: rateLimit(f, 30) };
  app.post(
    '/pms/:group_id/attachments',
    {
      config: uploading,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        params: PmGroupParams,
        response: { 200: PmSentWithFiles, ...refusals },
      },
    },
    async (request) => {
      const form = await readUploadForm(request);
      const { message = '' } = formData<{ message?: string }>(request, PmFilesData, form.data, 'message');
      return sendMessage(deps, me(request).userId, request.params.group_id, message, form.files);
    },
  );

  app.post(
    '/pms/:group_id/pm/:pm_id/attachments-put',
    {
      config: uploading,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        params: PmMessageParams,
        response: { 200: PmFilesAdded, ...refusals },
      },
    },
    async (request) => {
      const { files } = await readUploadForm(request);
      const { group_id, pm_id } = request.params;
      return addFilesToMessage(deps, me(request).userId, group_id, pm_id, files);
    },
  );

  app.put(
    '/pms/group/:group_id/:pm_id',
    {
      config: writing,
      schema: { tags, params: PmMessageParams, body: PmMessageBody, response: { 200: PmSent, ...refusals } },
    },
    async (request) => {
      const { group_id, pm_id } = request.params;
      return editMessage(deps, me(request).userId, group_id, pm_id, request.body.message);
    },
  );

  app.delete(
    '/pms/group/:group_id/:pm_id',
    { config: writing, schema: { tags, params: PmMessageParams, response: { 200: Ok, ...refusals } } },
    async (request) => deleteMessage(deps, me(request).userId, request.params.group_id, request.params.pm_id),
  );

  app.post(
    '/pms/group',
    {
      config: writing,
      schema: { tags, body: PmCreateGroupBody, response: { 200: PmGroupCreated, ...refusals } },
    },
    async (request) => createGroup(deps, me(request).userId, request.body),
  );

  app.post(
    '/pms/direct',
    {
      config: writing,
      schema: { tags, body: PmDirectBody, response: { 200: PmDirectResponse, ...refusals } },
    },
    async (request) => openDirect(deps, me(request).userId, request.body.user_id),
  );

  app.post(
    '/pms/group/:id/image',
    {
      bodyLimit: BODY_LIMITS.dataImage,
      config: uploading,
      schema: {
        tags,
        params: PmGroupIdParams,
        body: DataImageBody,
        response: { 200: PmGroupImageResponse, ...refusals },
      },
    },
    async (request) => setGroupImage(deps, me(request).userId, request.params.id, request.body.image),
  );

  app.get(
    '/pms/group/:group_id/image',
    {
      schema: {
        tags,
        params: PmGroupParams,
        querystring: PmGroupImageQuery,
        response: { 200: { description: 'the image bytes' }, ...refusals },
      },
    },
    async (request, reply) => {
      const image = await groupImage(deps, me(request).userId, request.params.group_id, request.query.s);
      // A versioned URL never changes its picture; an unversioned one may.
      const cache = request.query.v ? 'private, max-age=31536000, immutable' : 'private, no-cache';
      return reply
        .type(image.mime)
        .header('cache-control', cache)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(image.bytes);
    },
  );
}
