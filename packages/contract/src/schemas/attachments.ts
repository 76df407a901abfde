import { type Static, Type } from 'typebox';
import { Id, Nullable } from './common';
import { FeedAttachment, FeedPost, UserCommentBody, UserPostBody } from './feeds';

/** The post JSON of an upload's `data` field (docs/product/feeds-and-comments.md#feed-paging): a post's fields, its feed named by the path. */
export const AttachmentPostData = Type.Omit(UserPostBody, ['owner_user_id']);

/** The comment JSON of an upload's `data` field: a comment's fields, its post named by the path. */
export const AttachmentCommentData = Type.Omit(UserCommentBody, ['feed_id', 'user_id']);

/**
 * POST /users/{id}/attachments and /communities/{id}/attachments: the new post's id comes first (docs/product/feeds-and-comments.md#feed-paging), and
 * the post as the author sees it, so the feed shows it without a second request.
 */
export const PostAttachmentsCreated = Type.Object({
  feed_id: Type.Integer(),
  attachments: Type.Array(FeedAttachment),
  post: FeedPost,
});
export type PostAttachmentsCreated = Static<typeof PostAttachmentsCreated>;

/** POST .../feeds/{feed}/attachments: the new comment's id comes first (docs/product/feeds-and-comments.md#feed-paging). */
export const CommentAttachmentsCreated = Type.Object({
  comment_id: Type.Integer(),
  attachments: Type.Array(FeedAttachment),
});

/** The put paths (a further file of the same post or comment). */
export const AttachmentsAdded = Type.Object({ attachments: Type.Array(FeedAttachment) });

export const AttachmentOwnerParams = Type.Object({ id: Id });
export const AttachmentFeedParams = Type.Object({ id: Id, feedId: Id });
export const AttachmentIdParams = Type.Object({ id: Id });

/** POST /user/post_image?folder={ownerId}: the owner of the feed the composer writes to. */
export const PostImageQuery = Type.Object({ folder: Type.Optional(Type.Integer({ minimum: 0 })) });
export const PostImageUploaded = Type.Object({ image_id: Type.Integer(), image_url: Type.String() });
export const PostImageIdQuery = Type.Object({ image_id: Id });

/** The longest URL a link preview is asked for. */
export const LINK_PREVIEW_URL_MAX = 2048;

export const LinkPreviewBody = Type.Object(
  { url: Type.String({ minLength: 1, maxLength: LINK_PREVIEW_URL_MAX }) },
  { additionalProperties: false },
);
export type LinkPreviewBody = Static<typeof LinkPreviewBody>;

/** docs/product/feeds-and-comments.md#link-previews Link preview: the page's image and title (null when it has none) and the link as requested. */
export const LinkPreview = Type.Object({
  img: Nullable(Type.String()),
  title: Nullable(Type.String()),
  link: Type.String(),
});
export type LinkPreview = Static<typeof LinkPreview>;
