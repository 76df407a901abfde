import { STARFIELD } from '@orbit/contract';
import { type RefObject, useEffect, useRef } from 'react';
import type { StarDisplay } from '../../starfield/display';
import { type Face, faceDelay, faceFadeAt, nextFace } from '../../starfield/faces';
import type { FieldFit } from '../../starfield/fit';
import type { Point } from '../../starfield/geometry';
import { orbitPoint, orbitTickDue, rotationAt } from '../../starfield/orbit';
import type { Random } from '../../starfield/random';
import { restingFrame } from '../../starfield/refresh';
import { frameOf, type Scene } from '../../starfield/scene';
import { createLabelLayout, type DrawnStar } from './labelLayout';
import type { Pan } from './usePan';

export interface OrbitLoopInput {
  scene: RefObject<Scene>;
  elements: RefObject<Map<string, HTMLElement>>;
  panLayer: RefObject<HTMLElement | null>;
  sky: RefObject<HTMLElement | null>;
  pan: Pan;
  /** How the field is drawn (fit.ts): stars' places are multiplied by its `x` and `y`. */
  fit: RefObject<FieldFit>;
  reduced: boolean;
  /**
   * A view or the menu covers the field: the loop stops drawing (no frame, no work on a member's battery), and
   * the orbit's clock stands, so that the stars go on from where they stood once it is uncovered.
   */
  paused: boolean;
  /** The scene as rendered: while paused, each new one is drawn once, still, so a star that came has its place. */
  drawn: Scene;
  random: Random;
  /** Called (at most every SETTLE_EVERY_MS) once some transition is over, to drop faded stars. */
  onTransitionsOver: (now: number) => void;
}

const SETTLE_EVERY_MS = 250;
const IDLE = (): void => undefined;

/**
 * Whole pixels, and only when they change: at -0.5 rpm a star moves a fraction of a pixel per frame, so
 * most ticks leave most stars alone and the compositor redraws only what moved. What was written is kept
 * aside, so that no frame reads a style back.
 */
function writeStyle(
  element: HTMLElement,
  at: Point,
  frame: { scale: number; opacity: number },
  written: WeakMap<HTMLElement, string>,
): void {
  const transform = `translate3d(${Math.round(at.x)}px, ${Math.round(at.y)}px, 0) scale(${frame.scale.toFixed(3)})`;
  const opacity = frame.opacity.toFixed(3);
  const state = `${transform} ${opacity}`;
  if (written.get(element) === state) return;
  written.set(element, state);
  element.style.transform = transform;
  element.style.opacity = opacity;
}

/** A face change under way: the face going and the face coming, cross-faded by the loop. */
interface Fade {
  from: HTMLElement | null;
  to: HTMLElement | null;
  startedAt: number;
}

interface FaceClock {
  face: Face;
  next: number;
  fade: Fade | null;
}

interface FaceContext {
  items: ReadonlyMap<string, StarDisplay>;
  clocks: Map<string, FaceClock>;
  now: number;
  random: Random;
}

const faceElement = (star: HTMLElement, face: Face) =>
  star.querySelector<HTMLElement>(`[data-face-of="${face}"]`);

/**
 * The cross-fade's next step; once it is over the inline opacities go and the stylesheet shows the face that
 * `data-face` names. Written by the loop, not a CSS transition, so that it moves on the orbit's ticks only.
 * The two faces are layers of their own while they fade, so a step changes an opacity the compositor applies
 * instead of repainting the star (measured: a tenth of the raster time, for a few more layers).
 */
function stepFade(clock: FaceClock, now: number): void {
  const fade = clock.fade;
  if (!fade) return;
  const t = faceFadeAt(now - fade.startedAt);
  const done = t >= 1;
  for (const [face, opacity] of [
    [fade.from, 1 - t],
    [fade.to, t],
  ] as const) {
    if (!face) continue;
    face.style.opacity = done ? '' : opacity.toFixed(2);
    face.style.willChange = done ? '' : 'opacity';
  }
  if (done) clock.fade = null;
}

function cycleFace(element: HTMLElement, clock: FaceClock | undefined, key: string, ctx: FaceContext): void {
  const item = ctx.items.get(key);
  if (!item) return;
  if (!clock) {
    ctx.clocks.set(key, { face: item.face, next: ctx.now + faceDelay(true, ctx.random), fade: null });
    return;
  }
  stepFade(clock, ctx.now);
  if (ctx.now < clock.next) return;
  const face = nextFace(clock.face, item.ratios, ctx.random);
  if (face !== clock.face) {
    // A fade still under way (after a stalled tab) ends where it was going before the next one starts.
    stepFade(clock, Number.POSITIVE_INFINITY);
    clock.fade = {
      from: faceElement(element, clock.face),
      to: faceElement(element, face),
      startedAt: ctx.now,
    };
    element.dataset.face = face;
    stepFade(clock, ctx.now);
  }
  clock.face = face;
  clock.next = ctx.now + faceDelay(false, ctx.random);
}

/**
 * One requestAnimationFrame loop for the whole field: it writes each star's transform and opacity, the
 * pan, and the face changes straight to the elements. React renders only when the star set changes; a
 * frame costs no React work and no layout (transform and opacity only). The pan follows the pointer on every
 * frame; the orbit and the faces move on ticks of 30 Hz (orbitTickDue), and on every frame while stars
 * glide after a refresh, so that a frame in between has nothing to draw.
 */
export function useOrbitLoop(input: OrbitLoopInput): void {
  const { scene, elements, panLayer, sky, pan, fit, reduced, paused, drawn, random, onTransitionsOver } =
    input;
  // While the loop runs it draws every scene itself; only a paused loop needs to hear of a new one.
  const stillScene = paused ? drawn : null;
  const orbitClock = useRef<{ epoch: number; pausedAt: number | null } | null>(null);
  const wakeLoop = useRef<() => void>(IDLE);
  // Any render may bring a new scene or size; a loop that stopped on a still field looks again.
  useEffect(() => wakeLoop.current());
  useEffect(() => {
    orbitClock.current ??= { epoch: performance.now(), pausedAt: null };
    const clock = orbitClock.current;
    if (clock.pausedAt === null && paused) clock.pausedAt = performance.now();
    if (clock.pausedAt !== null && !paused) {
      clock.epoch += performance.now() - clock.pausedAt;
      clock.pausedAt = null;
    }
    const clocks = new Map<string, FaceClock>();
    const written = new WeakMap<HTMLElement, string>();
    let lastPan = '';
    let lastTick = Number.NEGATIVE_INFINITY;
    let lastSettle = performance.now();
    let frame = 0;
    let indexed: { scene: Scene; items: Map<string, StarDisplay> } | null = null;
    const labels = createLabelLayout();
    // What the last drawing drew from: with reduced motion nothing moves between ticks, so a tick that would
    // draw the same again is skipped (a still home costs no layout work on the member's battery).
    let lastDrawn: { scene: Scene; pan: string; fit: FieldFit } | null = null;
    document.fonts?.ready.then(() => {
      labels.remeasure();
      lastDrawn = null;
      wakeLoop.current();
    });
    const movePan = (now: number) => {
      const offset = pan.offsetAt(now);
      const at = `${offset.x} ${offset.y}`;
      if (at === lastPan) return;
      lastPan = at;
      if (panLayer.current) panLayer.current.style.transform = `translate3d(${offset.x}px, ${offset.y}px, 0)`;
      if (sky.current) {
        const depth = STARFIELD.backgroundParallax;
        sky.current.style.transform = `translate3d(${offset.x * depth}px, ${offset.y * depth}px, 0)`;
      }
    };
    const moveStars = (current: Scene, now: number) => {
      if (indexed?.scene !== current) {
        indexed = { scene: current, items: new Map(current.items.map((item) => [item.key, item])) };
        labels.remeasure();
      }
      const rotation = reduced ? 0 : rotationAt(now - clock.epoch, STARFIELD.rpm);
      let anyOver = false;
      const faces: FaceContext = { items: indexed.items, clocks, now, random };
      const drawn: DrawnStar[] = [];
      for (const [key, element] of elements.current) {
        const placement = current.placements.get(key);
        const moving = reduced && placement ? restingFrame(placement) : frameOf(current, key, now);
        if (current.transitions.has(key) && moving.done) anyOver = true;
        const turned = orbitPoint(moving, rotation);
        const at = { x: Math.round(turned.x * fit.current.x), y: Math.round(turned.y * fit.current.y) };
        writeStyle(element, at, moving, written);
        const display = indexed.items.get(key);
        if (display) drawn.push({ key, element, display, at });
        if (!reduced) cycleFace(element, clocks.get(key), key, faces);
      }
      labels.update(drawn, fit.current, pan.offsetAt(now));
      if (anyOver && now - lastSettle > SETTLE_EVERY_MS) {
        lastSettle = now;
        onTransitionsOver(now);
      }
    };
    if (stillScene && clock.pausedAt !== null) {
      moveStars(stillScene, clock.pausedAt);
      return;
    }
    const changedSinceDrawn = (current: Scene) =>
      lastDrawn?.scene !== current || lastDrawn.pan !== lastPan || lastDrawn.fit !== fit.current;
    const tick = (now: number) => {
      movePan(now);
      const current = scene.current;
      const due = reduced ? changedSinceDrawn(current) : orbitTickDue(now, lastTick);
      if (current.transitions.size > 0 || due) {
        lastTick = now;
        moveStars(current, now);
        lastDrawn = { scene: current, pan: lastPan, fit: fit.current };
      }
      // With reduced motion a still field asks for no frames at all until something moves it (wake).
      const still = reduced && current.transitions.size === 0 && !pan.active();
      frame = still ? 0 : requestAnimationFrame(tick);
    };
    const wake = () => {
      if (frame === 0) frame = requestAnimationFrame(tick);
    };
    wakeLoop.current = wake;
    const stopListening = pan.whenMoved(wake);
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
      stopListening();
      wakeLoop.current = IDLE;
    };
  }, [scene, elements, panLayer, sky, pan, fit, reduced, paused, stillScene, random, onTransitionsOver]);
}
