import { UI_TIMINGS } from '@orbit/contract';
import { type ReactNode, useRef } from 'react';
import styles from './SwipePanel.module.css';
import { swipeDirection } from './swipe';

interface Start {
  id: number;
  x: number;
  y: number;
  at: number;
}

export interface SwipePanelProps {
  /** Which state is shown: a new value slides in from the side it came from. */
  stateKey: string;
  /** Which way the last change went: -1 to the next state, 1 to the previous, 0 without a slide. */
  entering: -1 | 0 | 1;
  onSwipe: (direction: -1 | 1) => void;
  children: ReactNode;
  label?: string;
}

/**
 * Touch swipes between neighbouring states (docs/product/friends.md#search, #inactive): only touch pointers swipe, so a mouse still
 * selects text; the new state slides in over the spec's swipe speed of 400 ms.
 */
export function SwipePanel({ stateKey, entering, onSwipe, children, label }: SwipePanelProps) {
  const start = useRef<Start | null>(null);
  return (
    <section
      aria-label={label}
      className={styles.swipeArea}
      onPointerDown={(event) => {
        if (event.pointerType !== 'touch') return;
        start.current = { id: event.pointerId, x: event.clientX, y: event.clientY, at: event.timeStamp };
      }}
      onPointerUp={(event) => {
        const from = start.current;
        start.current = null;
        if (!from || from.id !== event.pointerId) return;
        const direction = swipeDirection(
          event.clientX - from.x,
          event.clientY - from.y,
          event.timeStamp - from.at,
        );
        if (direction !== 0) onSwipe(direction);
      }}
      onPointerCancel={() => {
        start.current = null;
      }}
    >
      <div
        key={stateKey}
        className={styles.swipePage}
        data-entering={entering === -1 ? 'next' : entering === 1 ? 'previous' : 'none'}
        style={{ animationDuration: `${UI_TIMINGS.swipeMs}ms` }}
      >
        {children}
      </div>
    </section>
  );
}
