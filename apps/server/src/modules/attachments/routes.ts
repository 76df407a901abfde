import {
  AttachmentCommentData,
  AttachmentFeedParams,
  AttachmentIdParams,
  AttachmentOwnerParams,
  AttachmentPostData,
  AttachmentsAdded,
  CommentAttachmentsCreated,
  ErrorResponse,
  LinkPreview,
  LinkPreviewBody,
  PostAttachmentsCreated,
  PostImageIdQuery,
  PostImageQuery,
  PostImageUploaded,
} from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import { type App, rateLimit } from '../../platform/http';
import type { CommentInput, FeedPlace, PostInput } from '../feeds';
import { addFilesToComment, type CommentFeedKind, createCommentWithFiles } from './comments';
import { sendStoredFile } from './download';
import { formData, readUploadForm } from './form';
import { openAttachment } from './policy';
import { readPostImage, uploadPostImage } from './post-image';
import { addFilesToPost, createPostWithFiles } from './posts';
import { attachmentBytes } from './service';

const tags = ['attachments'];
const fileResponse = {
  200: { description: 'the file bytes' },
  206: { description: 'one byte range' },
  '4xx': ErrorResponse,
};
const multipart = ['multipart/form-data'];

const userFeed = (id: number): Required<FeedPlace> => ({ kind: 'user', ownerId: id });
const communityFeed = (id: number): Required<FeedPlace> => ({ kind: 'community', communityId: id });

export async function attachmentsRoutes(app: App, deps: AppDeps) {
  const uploadLimit = rateLimit(deps.config.rateLimitFactor, 30, '1 minute');
  const places = [
    { path: '/users/:id', place: userFeed },
    { path: '/communities/:id', place: communityFeed },
  ];

  for (const { path, place } of places) {
    app.post(
      `${path}/attachments`,
      {
        config: { rateLimit: uploadLimit },
        schema: {
          tags,
          consumes: multipart,
          params: AttachmentOwnerParams,
          response: { 200: PostAttachmentsCreated, '4xx': ErrorResponse },
        },
      },
      async (request) => {
        const form = await readUploadForm(request);
        const input = formData<PostInput>(request, AttachmentPostData, form.data, 'post');
        return createPostWithFiles(deps, me(request).userId, place(request.params.id), input, form.files);
      },
    );

    app.post(
      `${path}/feeds/:feedId/attachments`,
      {
        config: { rateLimit: uploadLimit },
        schema: {
          tags,
          consumes: multipart,
          params: AttachmentFeedParams,
          response: { 200: CommentAttachmentsCreated, '4xx': ErrorResponse },
        },
      },
      async (request) => {
        const form = await readUploadForm(request);
        const input = formData<CommentInput>(request, AttachmentCommentData, form.data, 'comment');
        const { id, feedId } = request.params;
        return createCommentWithFiles(deps, me(request).userId, feedId, place(id), input, form.files);
      },
    );

    app.post(
      `${path}/feeds/:feedId/attachments-put`,
      {
        config: { rateLimit: uploadLimit },
        schema: {
          tags,
          consumes: multipart,
          params: AttachmentFeedParams,
          response: { 200: AttachmentsAdded, '4xx': ErrorResponse },
        },
      },
      async (request) => {
        const { files } = await readUploadForm(request);
        const { id, feedId } = request.params;
        return addFilesToPost(deps, me(request).userId, place(id), feedId, files);
      },
    );
  }

  const commentPutPaths: [string, CommentFeedKind][] = [
    ['/comments/:id/attachments-put', 'user'],
    ['/community/comments/:id/attachments-put', 'community'],
  ];
  for (const [path, kind] of commentPutPaths) {
    app.post(
      path,
      {
        config: { rateLimit: uploadLimit },
        schema: {
          tags,
          consumes: multipart,
          params: AttachmentIdParams,
          response: { 200: AttachmentsAdded, '4xx': ErrorResponse },
        },
      },
      async (request) => {
        const { files } = await readUploadForm(request);
        return addFilesToComment(deps, me(request).userId, kind, request.params.id, files);
      },
    );
  }

  app.get(
    '/attachments/:id',
    { schema: { tags, params: AttachmentIdParams, response: fileResponse } },
    async (request, reply) => {
      const row = await openAttachment(deps.db, me(request).userId, request.params.id);
      return sendStoredFile(request, reply, row, await attachmentBytes(deps, row));
    },
  );

  app.post(
    '/user/post_image',
    {
      config: { rateLimit: uploadLimit },
      schema: {
        tags,
        consumes: multipart,
        querystring: PostImageQuery,
        response: { 200: PostImageUploaded, '4xx': ErrorResponse },
      },
    },
    async (request) => uploadPostImage(deps, me(request).userId, (await readUploadForm(request)).files),
  );

  app.get(
    '/user/post_image',
    { schema: { tags, querystring: PostImageIdQuery, response: fileResponse } },
    async (request, reply) => {
      const { row, bytes } = await readPostImage(deps, me(request).userId, request.query.image_id);
      return sendStoredFile(request, reply, row, bytes);
    },
  );

  app.post(
    '/getLinkPreview',
    {
      config: { rateLimit: rateLimit(deps.config.rateLimitFactor, 30, '1 minute') },
      schema: { tags, body: LinkPreviewBody, response: { 200: LinkPreview, '4xx': ErrorResponse } },
    },
    async (request) => deps.linkPreview.preview(request.body.url),
  );
}
