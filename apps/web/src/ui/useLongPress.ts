import { UI_TIMINGS } from '@orbit/contract';
import { type PointerEvent, useRef } from 'react';

/** A long press is cancelled once the pointer moves 10 px (docs/product/home-and-stars.md#shell). */
export const LONG_PRESS_SLOP_PX = 10;

/** A long press on touch (500 ms on posts by default); moving 10 px or lifting early cancels it. */
export function useLongPress(onLongPress: () => void, ms: number = UI_TIMINGS.postLongPressMs) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);

  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    start.current = null;
  };

  return {
    onPointerDown: (event: PointerEvent) => {
      if (event.pointerType === 'mouse') return;
      cancel();
      start.current = { x: event.clientX, y: event.clientY };
      timer.current = setTimeout(() => {
        cancel();
        onLongPress();
      }, ms);
    },
    onPointerMove: (event: PointerEvent) => {
      if (!start.current) return;
      const moved = Math.hypot(event.clientX - start.current.x, event.clientY - start.current.y);
      if (moved >= LONG_PRESS_SLOP_PX) cancel();
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onPointerLeave: cancel,
  };
}
