import { CALL_LIMITS, CALL_MEDIA } from '@orbit/contract';

/** The call screen's pure rules (docs/product/calls-and-lessons.md#call-screen): pages of the grid, the pinned participant, bitrate steps. */

export type Layout = 'grid' | 'speaker';

/** Grid pages of four: a page is added when the count passes each multiple of four, removed when it falls back. */
export function pagesOf<T>(
  participants: readonly T[],
  perPage: number = CALL_LIMITS.participantsPerPage,
): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < participants.length; i += perPage) pages.push(participants.slice(i, i + perPage));
  return pages.length > 0 ? pages : [[]];
}

/** The page to stay on when pages come and go: the same one, or the last there still is. */
export const clampPage = (page: number, pageCount: number) => Math.max(0, Math.min(page, pageCount - 1));

/** Speaker layout pins the second participant by default (me first, then the first remote). */
export function defaultPinned(ids: readonly number[]): number | null {
  return ids[1] ?? null;
}

export interface LayoutState {
  layout: Layout;
  pinned: number | null;
}

/** Pinning switches to speaker; the layout button toggles; a pinned participant leaving returns to grid. */
export function pin(id: number): LayoutState {
  return { layout: 'speaker', pinned: id };
}

export function toggleLayout(state: LayoutState, ids: readonly number[]): LayoutState {
  if (state.layout === 'speaker') return { layout: 'grid', pinned: state.pinned };
  const pinned = state.pinned !== null && ids.includes(state.pinned) ? state.pinned : defaultPinned(ids);
  return pinned === null ? state : { layout: 'speaker', pinned };
}

export function afterParticipantsChange(state: LayoutState, ids: readonly number[]): LayoutState {
  if (state.pinned === null || ids.includes(state.pinned)) return state;
  return { layout: 'grid', pinned: null };
}

/** Index into CALL_MEDIA.bitrates: 0 is the highest. */
export interface BitrateState {
  step: number;
  /** When the step last changed (ms), for the 15 s wait before going up. */
  changedAt: number;
}

const LOWEST = CALL_MEDIA.bitrates.length - 1;

/**
 * Network adaptation (docs/product/calls-and-lessons.md#call-media): packet loss above 3% steps the bitrate down at once; below 1% it steps back
 * up, but only 15 s after the last change.
 */
export function adaptToLoss(state: BitrateState, lossPercent: number, now: number): BitrateState {
  if (lossPercent > CALL_MEDIA.lossDownPercent && state.step < LOWEST) {
    return { step: state.step + 1, changedAt: now };
  }
  const settled = now - state.changedAt >= CALL_MEDIA.increaseDelayMs;
  if (lossPercent < CALL_MEDIA.lossUpPercent && state.step > 0 && settled) {
    return { step: state.step - 1, changedAt: now };
  }
  return state;
}

/** Memory above 80% of the limit lowers the bitrate; already at the lowest, video goes off. */
export function adaptToMemory(
  state: BitrateState,
  usedRatio: number,
  now: number,
): { state: BitrateState; videoOff: boolean } {
  if (usedRatio <= CALL_MEDIA.memoryLimitRatio) return { state, videoOff: false };
  if (state.step < LOWEST) return { state: { step: state.step + 1, changedAt: now }, videoOff: false };
  return { state, videoOff: true };
}

export const bitrateOf = (state: BitrateState) => CALL_MEDIA.bitrates[state.step];

/** Packet loss in percent between two readings of an outbound stream's totals. */
export function lossPercent(
  before: { sent: number; lost: number },
  after: { sent: number; lost: number },
): number {
  const sent = after.sent - before.sent;
  const lost = after.lost - before.lost;
  if (sent + lost <= 0) return 0;
  return (Math.max(0, lost) / (sent + Math.max(0, lost))) * 100;
}

/** One of the three call colours, at random (docs/product/calls-and-lessons.md#incoming-call). */
export function randomCallColor(random: () => number = Math.random): string {
  const colors = CALL_MEDIA.popupColors;
  return colors[Math.floor(random() * colors.length) % colors.length];
}
