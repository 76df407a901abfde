import { STARFIELD } from '@orbit/contract';
import { clamp01, easeInOut } from './geometry';
import { between, type Random } from './random';

/** The three faces a star shows in turn, any one able to follow any other (docs/product/home-and-stars.md#star-faces). */
export const FACES = ['name', 'avatar', 'emoticon'] as const;
export type Face = (typeof FACES)[number];
export type FaceRatios = Record<Face, number>;

/** What a star has to show: every star has a name; a picture and a mood only some. */
export interface FaceContent {
  hasPicture: boolean;
  hasMood: boolean;
}

/** The display ratios of one star: a face it cannot show is never reached. */
export function faceRatiosFor({ hasPicture, hasMood }: FaceContent): FaceRatios {
  const { name, avatar, emoticon } = STARFIELD.faceRatios;
  return { name, avatar: hasPicture ? avatar : 0, emoticon: hasMood ? emoticon : 0 };
}

/** The face a star opens with: its picture when it has one, else its name. */
export function firstFace(content: FaceContent): Face {
  return content.hasPicture ? 'avatar' : 'name';
}

/**
 * The next face for a draw in [0, 0.7): the faces' ratios are laid end to end in FACES order and the draw
 * picks the one it lands in; beyond their sum no face is reached and the current one stays (docs/product/home-and-stars.md#star-faces).
 */
export function faceForDraw(current: Face, ratios: FaceRatios, draw: number): Face {
  let reach = 0;
  for (const face of FACES) {
    reach += ratios[face];
    if (draw < reach) return face;
  }
  return current;
}

export function nextFace(current: Face, ratios: FaceRatios, random: Random): Face {
  return faceForDraw(current, ratios, random() * STARFIELD.faceDrawMax);
}

/** Milliseconds until the next face change: 1..3 s the first time, then 1..2 s (docs/product/home-and-stars.md#star-faces). */
export function faceDelay(first: boolean, random: Random): number {
  const range = first ? STARFIELD.faceFirstChangeMs : STARFIELD.faceChangeEveryMs;
  return between(random, range.min, range.max);
}

/** How far a face change's cross-fade has gone after `elapsedMs` (docs/product/home-and-stars.md#field-constants: over 500 ms), eased: 0 to 1. */
export function faceFadeAt(elapsedMs: number): number {
  return easeInOut(clamp01(elapsedMs / STARFIELD.timings.faceChange));
}
