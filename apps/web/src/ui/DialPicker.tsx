import { DIAL_PICKER } from '@orbit/contract';
import {
  type KeyboardEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import styles from './DialPicker.module.css';
import {
  addSample,
  clampOffset,
  isDrag,
  nearestIndex,
  offsetOf,
  planRelease,
  type Release,
  releaseFrame,
  releaseSpeed,
  type Sample,
  snapTo,
} from './dial';
import fieldStyles from './Field.module.css';

export interface DialOption {
  value: string;
  label: string;
}

interface Gesture {
  startY: number;
  startOffset: number;
  dragging: boolean;
  samples: Sample[];
}

const { itemHeight, visibleItems } = DIAL_PICKER;
/** The chosen item sits in the middle of the window. */
const CENTRE = ((visibleItems - 1) / 2) * itemHeight;

/** Keys of a listbox: one item, a window's worth, or either end. */
function keyTarget(key: string, index: number, count: number): number | null {
  const moves: Record<string, number> = {
    ArrowDown: index + 1,
    ArrowUp: index - 1,
    PageDown: index + visibleItems,
    PageUp: index - visibleItems,
    Home: 0,
    End: count - 1,
  };
  const target = moves[key];
  return target === undefined ? null : Math.min(count - 1, Math.max(0, target));
}

/** The wheel's motion: a release rolls and snaps frame by frame, then `onSettle` gets the item. */
function useWheel(count: number, selected: number, onSettle: (index: number) => void) {
  const [offset, setOffset] = useState(() => offsetOf(selected));
  const offsetRef = useRef(offset);
  offsetRef.current = offset;
  const frame = useRef<number | null>(null);
  const target = useRef<number | null>(null);

  const stop = useCallback(() => {
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = null;
    target.current = null;
  }, []);

  const run = (release: Release) => {
    stop();
    target.current = release.index;
    const started = performance.now();
    const step = (now: number) => {
      const next = releaseFrame(release, count, now - started);
      setOffset(next.offset);
      if (!next.done) {
        frame.current = requestAnimationFrame(step);
        return;
      }
      frame.current = null;
      target.current = null;
      onSettle(release.index);
    };
    frame.current = requestAnimationFrame(step);
  };

  // A value chosen elsewhere (the saved profile) moves a wheel at rest.
  useEffect(() => {
    if (frame.current === null) setOffset(offsetOf(selected));
  }, [selected]);
  useEffect(() => stop, [stop]);

  return { offset, offsetRef, setOffset, stop, run, target };
}

/**
 * The dial picker of touch screens (docs/product/home-and-stars.md#pickers): a wheel of items 40 px high, dragged past a 3 px threshold,
 * rolling on with the finger's speed and friction, snapping to the nearest item in 250 ms. It is a listbox
 * for the keyboard and screen readers: arrows, Page Up/Down and Home/End move it, a tap picks an item.
 * `onChange` hears the item the wheel settles on.
 */
export function DialPicker(props: {
  label: string;
  options: readonly DialOption[];
  value: string;
  onChange: (value: string) => void;
}) {
  const { options, value, onChange } = props;
  const id = useId();
  const count = options.length;
  const selected = Math.max(
    0,
    options.findIndex((o) => o.value === value),
  );
  const settle = (index: number) => {
    const chosen = options[index];
    if (chosen && chosen.value !== value) onChange(chosen.value);
  };
  const wheel = useWheel(count, selected, settle);
  const gesture = useRef<Gesture | null>(null);
  const shown = wheel.target.current ?? nearestIndex(wheel.offset, count);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    wheel.stop();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const at = wheel.offsetRef.current;
    gesture.current = {
      startY: event.clientY,
      startOffset: at,
      dragging: false,
      samples: [{ t: event.timeStamp, offset: at }],
    };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!g) return;
    const moved = event.clientY - g.startY;
    if (!g.dragging && !isDrag(moved)) return;
    g.dragging = true;
    // The items follow the finger: moving it down brings the earlier items into the middle.
    const next = clampOffset(g.startOffset - moved, count);
    g.samples = addSample(g.samples, { t: event.timeStamp, offset: next });
    wheel.setOffset(next);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    gesture.current = null;
    if (!g) return;
    const at = wheel.offsetRef.current;
    if (g.dragging) {
      // A finger held still before it lifts rolls nothing: the release itself is the last reading.
      const samples = addSample(g.samples, { t: event.timeStamp, offset: at });
      wheel.run(planRelease(at, releaseSpeed(samples), count));
      return;
    }
    const box = event.currentTarget.getBoundingClientRect();
    const fromCentre = event.clientY - (box.top + CENTRE + itemHeight / 2);
    wheel.run(snapTo(at, nearestIndex(at + fromCentre, count)));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // From the item the wheel is heading for: keys pressed faster than the snap add up.
    const heading = wheel.target.current ?? nearestIndex(wheel.offsetRef.current, count);
    const next = keyTarget(event.key, heading, count);
    if (next === null) return;
    event.preventDefault();
    wheel.run(snapTo(wheel.offsetRef.current, next));
  };

  return (
    <div className={fieldStyles.field}>
      <span id={`${id}-label`} className={fieldStyles.label}>
        {props.label}
      </span>
      <div
        role="listbox"
        tabIndex={0}
        aria-labelledby={`${id}-label`}
        aria-activedescendant={`${id}-${shown}`}
        className={styles.wheel}
        style={{ height: visibleItems * itemHeight }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
      >
        <div className={styles.band} style={{ top: CENTRE, height: itemHeight }} aria-hidden="true" />
        <div
          role="none"
          className={styles.items}
          style={{ transform: `translateY(${CENTRE - wheel.offset}px)` }}
        >
          {options.map((option, index) => (
            // Focus stays on the listbox (aria-activedescendant names the item); -1 keeps them out of Tab.
            <div
              key={option.value}
              id={`${id}-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === shown}
              className={index === shown ? styles.chosen : styles.item}
              style={{ height: itemHeight }}
            >
              {option.label}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
