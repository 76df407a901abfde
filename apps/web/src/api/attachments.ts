import type { LinkPreview } from '@orbit/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from './client';
import type { PostInput } from './feeds';
import { type FeedScope, feedKeys } from './feeds';

export function filesForm(files: readonly File[], data?: unknown): FormData {
  const form = new FormData();
  // The data field comes first: the server reads the post before its files.
  if (data !== undefined) form.append('data', JSON.stringify(data));
  for (const file of files) form.append('file', file, file.name);
  return form;
}

/** A post with its files in one upload (docs/product/feeds-and-comments.md#feed-paging): the answer's first value is the new post's id. */
export function uploadPostWithFiles(scope: FeedScope, input: PostInput, files: readonly File[]) {
  const upload = { params: { id: scope.id }, form: filesForm(files, input) };
  return scope.kind === 'community'
    ? call('communityPostWithFiles', upload)
    : call('userPostWithFiles', upload);
}

/** Further files of one's own comment, through its put path. */
export function addFilesToComment(scope: FeedScope, commentId: number, files: readonly File[]) {
  const upload = { params: { id: commentId }, form: filesForm(files) };
  return scope.kind === 'community'
    ? call('addCommunityCommentFiles', upload)
    : call('addUserCommentFiles', upload);
}

/** The composer's image, filed under the feed owner's id, `folder` (docs/product/feeds-and-comments.md#composer). */
export function uploadPostImage(folder: number, image: File) {
  return call('uploadPostImage', { query: { folder }, form: filesForm([image]) });
}

/** A link's preview; failures are silent (docs/product/the area's own anchor (communities.md#members), so an error reads as no preview. */
export function useLinkPreview(url: string | null) {
  return useQuery({
    queryKey: feedKeys.linkPreview(url ?? ''),
    enabled: url !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async (): Promise<LinkPreview | null> => {
      try {
        return await call('linkPreview', { body: { url: url ?? '' } });
      } catch {
        return null;
      }
    },
  });
}
