/**
 * Image kinds served by /user/image: an upload waiting for its crop, a member's persona picture, and a
 * community's picture (stored by the communities module through storeSquareDataUrl).
 */
export const ImageKind = {
  TEMP: 'temp',
  PERSONA: 'persona',
  COMMUNITY: 'community',
  /** A message group's picture: served by the messages module to the group's participants only. */
  GROUP: 'group',
} as const;
export type ImageKind = (typeof ImageKind)[keyof typeof ImageKind];

/**
 * Who may read an image through /user/image: persona and community pictures are shown to every signed-in
 * member (stars, feeds, lists), a temp upload only to its owner. Any other kind belongs to another module's route.
 */
export function mayView(image: { kind: string; ownerId: number | null }, viewerId: number): boolean {
  if (image.kind === ImageKind.PERSONA || image.kind === ImageKind.COMMUNITY) return true;
  if (image.kind === ImageKind.TEMP) return image.ownerId === viewerId;
  return false;
}
