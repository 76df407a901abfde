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
 * Who may read a temp upload: its owner alone. Persona and community pictures follow what they show
 * (visibility.ts); any other kind belongs to another module's route.
 */
export function mayView(image: { kind: string; ownerId: number | null }, viewerId: number): boolean {
  return image.kind === ImageKind.TEMP && image.ownerId === viewerId;
}
