import { AttachmentCommentData, AttachmentPostData, ENDPOINTS } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import type { App } from '../../platform/http';
import { route } from '../../platform/route';
import type { CommentInput, FeedPlace, PostInput } from '../feeds';
import { addFilesToComment, type CommentFeedKind, createCommentWithFiles } from './comments';
import { sendStoredFile } from './download';
import { formData, readUploadForm } from './form';
import { openAttachment } from './policy';
import { readPostImage, uploadPostImage } from './post-image';
import { addFilesToPost, createPostWithFiles } from './posts';
import { attachmentBytes } from './service';

const fileReplies = { describe: { 200: 'the file bytes', 206: 'one byte range' } };

const userFeed = (id: number): Required<FeedPlace> => ({ kind: 'user', ownerId: id });
const communityFeed = (id: number): Required<FeedPlace> => ({ kind: 'community', communityId: id });

/** The uploads of a member's feed and of a community's, each with where its path puts the feed. */
const FEEDS = [
  {
    place: userFeed,
    post: ENDPOINTS.userPostWithFiles,
    comment: ENDPOINTS.userCommentWithFiles,
    addToPost: ENDPOINTS.addUserPostFiles,
  },
  {
    place: communityFeed,
    post: ENDPOINTS.communityPostWithFiles,
    comment: ENDPOINTS.communityCommentWithFiles,
    addToPost: ENDPOINTS.addCommunityPostFiles,
  },
] as const;

const COMMENT_FILES: [typeof ENDPOINTS.addUserCommentFiles, CommentFeedKind][] = [
  [ENDPOINTS.addUserCommentFiles, 'user'],
  [ENDPOINTS.addCommunityCommentFiles, 'community'],
];

export async function attachmentsRoutes(app: App, deps: AppDeps) {
  for (const { place, ...feed } of FEEDS) {
    route(app, feed.post, {}, async (request) => {
      const form = await readUploadForm(request);
      const input = formData<PostInput>(request, AttachmentPostData, form.data, 'post');
      return createPostWithFiles(deps, me(request).userId, place(request.params.id), input, form.files);
    });

    route(app, feed.comment, {}, async (request) => {
      const form = await readUploadForm(request);
      const input = formData<CommentInput>(request, AttachmentCommentData, form.data, 'comment');
      const { id, feedId } = request.params;
      return createCommentWithFiles(deps, me(request).userId, feedId, place(id), input, form.files);
    });

    route(app, feed.addToPost, {}, async (request) => {
      const { files } = await readUploadForm(request);
      const { id, feedId } = request.params;
      return addFilesToPost(deps, me(request).userId, place(id), feedId, files);
    });
  }

  for (const [endpoint, kind] of COMMENT_FILES) {
    route(app, endpoint, {}, async (request) => {
      const { files } = await readUploadForm(request);
      return addFilesToComment(deps, me(request).userId, kind, request.params.id, files);
    });
  }

  route(app, ENDPOINTS.attachment, fileReplies, async (request, reply) => {
    const row = await openAttachment(deps.db, me(request).userId, request.params.id);
    return sendStoredFile(request, reply, row, await attachmentBytes(deps, row));
  });

  route(app, ENDPOINTS.uploadPostImage, {}, async (request) =>
    uploadPostImage(deps, me(request).userId, (await readUploadForm(request)).files),
  );

  route(app, ENDPOINTS.postImage, fileReplies, async (request, reply) => {
    const { row, bytes } = await readPostImage(deps, me(request).userId, request.query.image_id);
    return sendStoredFile(request, reply, row, bytes);
  });

  route(app, ENDPOINTS.linkPreview, {}, async (request) => deps.linkPreview.preview(request.body.url));
}
