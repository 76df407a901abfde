import { STARFIELD } from '@orbit/contract';
import { type RefObject, useEffect } from 'react';
import type { StarDisplay } from '../../starfield/display';
import { type Face, faceDelay, nextFace } from '../../starfield/faces';
import type { Point } from '../../starfield/geometry';
import { orbitPoint, rotationAt } from '../../starfield/orbit';
import type { Random } from '../../starfield/random';
import { restingFrame } from '../../starfield/refresh';
import { frameOf, type Scene } from '../../starfield/scene';
import type { Pan } from './usePan';

export interface OrbitLoopInput {
  scene: RefObject<Scene>;
  elements: RefObject<Map<string, HTMLElement>>;
  panLayer: RefObject<HTMLElement | null>;
  sky: RefObject<HTMLElement | null>;
  pan: Pan;
  reduced: boolean;
  random: Random;
  /** Called (at most every SETTLE_EVERY_MS) once some transition is over, to drop faded stars. */
  onTransitionsOver: (now: number) => void;
}

const SETTLE_EVERY_MS = 250;

/**
 * Whole pixels, and only when they change: at -0.5 rpm a star moves a fraction of a pixel per frame, so
 * most frames leave most stars alone and the compositor redraws only what moved.
 */
function writeStyle(element: HTMLElement, at: Point, frame: { scale: number; opacity: number }): void {
  const transform = `translate3d(${Math.round(at.x)}px, ${Math.round(at.y)}px, 0) scale(${frame.scale.toFixed(3)})`;
  if (element.style.transform !== transform) element.style.transform = transform;
  const opacity = frame.opacity.toFixed(3);
  if (element.style.opacity !== opacity) element.style.opacity = opacity;
}

interface FaceClock {
  face: Face;
  next: number;
}

function cycleFace(element: HTMLElement, clock: FaceClock | undefined, key: string, ctx: FaceContext): void {
  const item = ctx.items.get(key);
  if (!item) return;
  if (!clock) {
    ctx.clocks.set(key, { face: item.face, next: ctx.now + faceDelay(true, ctx.random) });
    return;
  }
  if (ctx.now < clock.next) return;
  const face = nextFace(clock.face, item.ratios, ctx.random);
  if (face !== clock.face) element.dataset.face = face;
  clock.face = face;
  clock.next = ctx.now + faceDelay(false, ctx.random);
}

interface FaceContext {
  items: ReadonlyMap<string, StarDisplay>;
  clocks: Map<string, FaceClock>;
  now: number;
  random: Random;
}

/**
 * One requestAnimationFrame loop for the whole field: it writes each star's transform and opacity, the
 * pan, and the face changes straight to the elements. React renders only when the star set changes; a
 * frame costs no React work and no layout (transform and opacity only).
 */
export function useOrbitLoop(input: OrbitLoopInput): void {
  const { scene, elements, panLayer, sky, pan, reduced, random, onTransitionsOver } = input;
  useEffect(() => {
    const epoch = performance.now();
    const clocks = new Map<string, FaceClock>();
    let lastSettle = epoch;
    let frame = 0;
    let indexed: { scene: Scene; items: Map<string, StarDisplay> } | null = null;
    const tick = (now: number) => {
      const current = scene.current;
      if (indexed?.scene !== current) {
        indexed = { scene: current, items: new Map(current.items.map((item) => [item.key, item])) };
      }
      const rotation = reduced ? 0 : rotationAt(now - epoch, STARFIELD.rpm);
      const offset = pan.offsetAt(now);
      if (panLayer.current) panLayer.current.style.transform = `translate3d(${offset.x}px, ${offset.y}px, 0)`;
      if (sky.current) {
        const depth = STARFIELD.backgroundParallax;
        sky.current.style.transform = `translate3d(${offset.x * depth}px, ${offset.y * depth}px, 0)`;
      }
      let anyOver = false;
      const faces: FaceContext = { items: indexed.items, clocks, now, random };
      for (const [key, element] of elements.current) {
        const placement = current.placements.get(key);
        const moving = reduced && placement ? restingFrame(placement) : frameOf(current, key, now);
        if (current.transitions.has(key) && moving.done) anyOver = true;
        writeStyle(element, orbitPoint(moving, rotation), moving);
        if (!reduced) cycleFace(element, clocks.get(key), key, faces);
      }
      if (anyOver && now - lastSettle > SETTLE_EVERY_MS) {
        lastSettle = now;
        onTransitionsOver(now);
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [scene, elements, panLayer, sky, pan, reduced, random, onTransitionsOver]);
}
