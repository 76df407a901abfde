import { type PointerEvent, type RefObject, useMemo, useRef } from 'react';
import { beyondThreshold, clampPan, reboundDone, reboundOffset } from '../../starfield/drag';
import type { Point } from '../../starfield/geometry';

interface Press {
  pointerId: number;
  x: number;
  y: number;
  from: Point;
  dragging: boolean;
}

/** The field's pan: where it is now (for the animation loop) and the pointer handlers that move it. */
export interface Pan {
  offsetAt(now: number): Point;
  /** Pressed, dragged or springing back: the field is moving under the member's hand. */
  active(): boolean;
  /** Tells `listener` of each press and drag (a stopped loop starts again); returns its removal. */
  whenMoved(listener: () => void): () => void;
  handlers: {
    onPointerDown(event: PointerEvent<HTMLElement>): void;
    onPointerMove(event: PointerEvent<HTMLElement>): void;
    onPointerUp(event: PointerEvent<HTMLElement>): void;
    onPointerCancel(event: PointerEvent<HTMLElement>): void;
    onClickCapture(event: { preventDefault(): void; stopPropagation(): void }): void;
  };
}

const ORIGIN: Point = { x: 0, y: 0 };

/**
 * Dragging beyond the threshold pans the field within `bounds`; after release it springs back (docs/product/home-and-stars.md#home-view).
 * A press that stays under the threshold is a tap, so the star under it still opens; a drag swallows the
 * click that ends it.
 */
export function usePan(bounds: RefObject<Point>): Pan {
  const press = useRef<Press | null>(null);
  const offset = useRef<Point>(ORIGIN);
  const released = useRef<{ at: number; from: Point } | null>(null);
  const swallowClick = useRef(false);
  const moved = useRef<(() => void) | null>(null);

  return useMemo<Pan>(() => {
    const current = (now: number): Point => {
      const rebound = released.current;
      if (!rebound) return offset.current;
      const since = now - rebound.at;
      if (reboundDone(since)) {
        released.current = null;
        offset.current = ORIGIN;
        return ORIGIN;
      }
      offset.current = reboundOffset(rebound.from, since);
      return offset.current;
    };
    const end = (event: PointerEvent<HTMLElement>) => {
      const ended = press.current;
      if (!ended || ended.pointerId !== event.pointerId) return;
      press.current = null;
      if (!ended.dragging) return;
      swallowClick.current = true;
      released.current = { at: performance.now(), from: offset.current };
    };
    return {
      offsetAt: current,
      active: () => press.current !== null || released.current !== null,
      whenMoved: (listener) => {
        moved.current = listener;
        return () => {
          if (moved.current === listener) moved.current = null;
        };
      },
      handlers: {
        onPointerDown: (event) => {
          if (press.current || (event.pointerType === 'mouse' && event.button !== 0)) return;
          swallowClick.current = false;
          const from = current(performance.now());
          released.current = null;
          press.current = {
            pointerId: event.pointerId,
            x: event.clientX,
            y: event.clientY,
            from,
            dragging: false,
          };
          moved.current?.();
        },
        onPointerMove: (event) => {
          const active = press.current;
          if (!active || active.pointerId !== event.pointerId) return;
          const dx = event.clientX - active.x;
          const dy = event.clientY - active.y;
          if (!active.dragging) {
            if (!beyondThreshold(dx, dy)) return;
            active.dragging = true;
            // Captured only once it is a drag: capturing at press time would take the click from the star.
            event.currentTarget.setPointerCapture(event.pointerId);
          }
          offset.current = clampPan({ x: active.from.x + dx, y: active.from.y + dy }, bounds.current);
          moved.current?.();
        },
        onPointerUp: end,
        onPointerCancel: end,
        onClickCapture: (event) => {
          if (!swallowClick.current) return;
          swallowClick.current = false;
          event.preventDefault();
          event.stopPropagation();
        },
      },
    };
  }, [bounds]);
}
