import { URGENCY_MAX } from '@orbit/contract';

/** Comment urgency cycles none, low, medium, high, none (docs/product/feeds-and-comments.md#urgency). */
export function nextUrgency(urgency: number): number {
  return urgency >= URGENCY_MAX ? 0 : urgency + 1;
}

/** After load the writer's urgency starts at the highest existing one. */
export function defaultUrgency(comments: readonly { urgency: number }[]): number {
  return comments.reduce((highest, comment) => Math.max(highest, comment.urgency), 0);
}
