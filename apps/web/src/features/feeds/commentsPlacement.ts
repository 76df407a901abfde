import { createContext, useContext } from 'react';

/**
 * Which posts have their comments open, and where they show (docs/product/feeds-and-comments.md#comments): under each post on a phone, or, beside a
 * desktop feed, in the side panel, which shows the post opened last. The feed keeps this, so a window resized
 * across the desktop width keeps what was open.
 */
export interface CommentsPlacement {
  /** Ids of the posts whose comments are open, the last opened last. */
  open: readonly number[];
  beside: boolean;
  panelId: string;
  toggle: (postId: number) => void;
}

export const CommentsPlacementContext = createContext<CommentsPlacement>({
  open: [],
  beside: false,
  panelId: '',
  toggle: () => undefined,
});

export const useCommentsPlacement = () => useContext(CommentsPlacementContext);

/** Whether a post's comments show: beside the feed only the last opened post's do. */
export const commentsShown = (placement: CommentsPlacement, postId: number) =>
  placement.beside ? placement.open.at(-1) === postId : placement.open.includes(postId);

/**
 * The next open list when a post's badge is pressed: beside the feed, the post shown in the panel closes and
 * any other is brought into it; under the posts, each opens and closes on its own.
 */
export function toggledComments(open: readonly number[], postId: number, beside: boolean): number[] {
  const others = open.filter((id) => id !== postId);
  const shown = beside ? open.at(-1) === postId : open.includes(postId);
  return shown ? others : [...others, postId];
}
