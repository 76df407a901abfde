import {
  AttachmentFeedParams,
  AttachmentIdParams,
  AttachmentOwnerParams,
  AttachmentsAdded,
  CommentAttachmentsCreated,
  LinkPreview,
  LinkPreviewBody,
  PostAttachmentsCreated,
  PostImageIdQuery,
  PostImageQuery,
  PostImageUploaded,
} from '../schemas';
import { endpoints, perMinute } from './define';
import { ATTACHMENT_ROUTES } from './routes';

/** The files of an upload: none, too many, or of a type that is not allowed. */
const FILES = ['no_files', 'too_many_files', 'invalid_attachment'] as const;
/** A post or comment with files: as one without them (feeds), and its files. */
const NEW_ITEM = [
  ...FILES,
  'not_found',
  'not_a_member',
  'not_friends',
  'empty_message',
  'message_too_long',
  'invalid_tag',
  'tag_too_long',
  'blocked',
] as const;
const NEW_POST = [...NEW_ITEM, 'invalid_target', 'target_required'] as const;
const NEW_COMMENT = [...NEW_ITEM, 'urgency_experts_only'] as const;
const ADD_FILES = [...FILES, 'not_found', 'not_friends', 'not_a_member', 'not_author'] as const;
const UPLOAD = { multipart: true } as const;

export const ATTACHMENT_ENDPOINTS = endpoints('attachments', ATTACHMENT_ROUTES, {
  userPostWithFiles: {
    rateLimit: perMinute(30),
    ...UPLOAD,
    params: AttachmentOwnerParams,
    response: PostAttachmentsCreated,
    errors: NEW_POST,
  },
  communityPostWithFiles: {
    rateLimit: perMinute(30),
    ...UPLOAD,
    params: AttachmentOwnerParams,
    response: PostAttachmentsCreated,
    errors: NEW_POST,
  },
  userCommentWithFiles: {
    rateLimit: perMinute(30),
    ...UPLOAD,
    params: AttachmentFeedParams,
    response: CommentAttachmentsCreated,
    errors: NEW_COMMENT,
  },
  communityCommentWithFiles: {
    rateLimit: perMinute(30),
    ...UPLOAD,
    params: AttachmentFeedParams,
    response: CommentAttachmentsCreated,
    errors: NEW_COMMENT,
  },
  addUserPostFiles: {
    rateLimit: perMinute(30),
    ...UPLOAD,
    params: AttachmentFeedParams,
    response: AttachmentsAdded,
    errors: ADD_FILES,
  },
  addCommunityPostFiles: {
    rateLimit: perMinute(30),
    ...UPLOAD,
    params: AttachmentFeedParams,
    response: AttachmentsAdded,
    errors: ADD_FILES,
  },
  addUserCommentFiles: {
    rateLimit: perMinute(30),
    ...UPLOAD,
    params: AttachmentIdParams,
    response: AttachmentsAdded,
    errors: ADD_FILES,
  },
  addCommunityCommentFiles: {
    rateLimit: perMinute(30),
    ...UPLOAD,
    params: AttachmentIdParams,
    response: AttachmentsAdded,
    errors: ADD_FILES,
  },
  attachment: { params: AttachmentIdParams, errors: ['not_found', 'forbidden'] },
  uploadPostImage: {
    rateLimit: perMinute(30),
    ...UPLOAD,
    query: PostImageQuery,
    response: PostImageUploaded,
    errors: [...FILES, 'invalid_image'],
  },
  postImage: { query: PostImageIdQuery, errors: ['not_found'] },
  linkPreview: {
    rateLimit: perMinute(30),
    body: LinkPreviewBody,
    response: LinkPreview,
    errors: ['link_preview_failed'],
  },
});
