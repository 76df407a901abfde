import { STARFIELD, StarType } from '@orbit/contract';
import { type CSSProperties, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Profiles } from '../../api/types';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { backgroundCircles } from '../../starfield/background';
import { BADGE_SIZE, type Effect } from '../../starfield/display';
import { panBounds } from '../../starfield/drag';
import { fieldFit } from '../../starfield/fit';
import type { Point } from '../../starfield/geometry';
import { fieldReach } from '../../starfield/placement';
import { seededRandom } from '../../starfield/random';
import { EMPTY_SCENE, openingScene, refreshScene, type Scene, settleScene } from '../../starfield/scene';
import { useViewport } from '../../ui/useViewport';
import styles from './HomeView.module.css';
import { OrbitingStar } from './OrbitingStar';
import { OwnStar } from './OwnStar';
import { openerFor } from './openStar';
import { useOrbitLoop } from './useOrbitLoop';
import { usePan } from './usePan';
import { useReducedMotion } from './useReducedMotion';
import { isNearlyEmpty, Welcome } from './Welcome';

/** The pulse and radiate timings of docs/product/home-and-stars.md#field-constants (1000 ms, 2500 ms) and the badge size, for the stylesheet. */
const FIELD_STYLE = {
  '--pulse-ms': `${STARFIELD.timings.pulse}ms`,
  '--radiate-ms': `${STARFIELD.timings.radiate}ms`,
  '--badge': `${BADGE_SIZE}px`,
} as CSSProperties;

const CUES: Partial<Record<string, Effect>> = { appear: 'radiate', update: 'reversePulse' };

/** The scene follows the star set: the first set opens against `last_stars`, later ones refresh it. */
function useScene(profiles: Profiles, random: () => number, covered: boolean) {
  const [scene, setScene] = useState<Scene>(EMPTY_SCENE);
  const current = useRef<Scene>(EMPTY_SCENE);
  const opened = useRef(false);
  const coveredNow = useRef(covered);
  coveredNow.current = covered;
  const apply = useCallback((next: Scene) => {
    current.current = next;
    setScene(next);
  }, []);
  useEffect(() => {
    const now = performance.now();
    const next = opened.current
      ? refreshScene(current.current, profiles.stars, random, now)
      : openingScene(profiles.last_stars, profiles.stars, random, now);
    opened.current = true;
    // Under a view nobody sees a star arrive or leave: the field is uncovered with the change made.
    apply(coveredNow.current ? settleScene(next, Number.POSITIVE_INFINITY) : next);
  }, [profiles.stars, profiles.last_stars, random, apply]);
  useEffect(() => {
    if (covered) apply(settleScene(current.current, Number.POSITIVE_INFINITY));
  }, [covered, apply]);
  const settle = useCallback((now: number) => apply(settleScene(current.current, now)), [apply]);
  return { scene, current, settle };
}

function Sky({ width, height, seed }: { width: number; height: number; seed: number }) {
  const circles = useMemo(() => backgroundCircles(width, height, seededRandom(seed)), [width, height, seed]);
  return (
    <svg className={styles.skyCircles} width={width} height={height} aria-hidden="true" focusable="false">
      {circles.map((c, i) => (
        <circle key={`${c.x}:${c.y}`} cx={c.x} cy={c.y} r={c.r} className={styles[`tone${i % 3}`]} />
      ))}
    </svg>
  );
}

/**
 * The home view (docs/product/home-and-stars.md#home-view): the member's own star in the centre, the stars of zones below 4 orbiting it at
 * -0.5 rpm over a generated sky, draggable within bounds. React renders the set; useOrbitLoop animates it.
 */
export function HomeView({ profiles, covered }: { profiles: Profiles; covered: boolean }) {
  const { t } = useTranslation();
  const reduced = useReducedMotion();
  const viewport = useViewport();
  const seed = profiles.user_profile.user_id;
  const random = useMemo(() => seededRandom(seed), [seed]);
  const { scene, current, settle } = useScene(profiles, random, covered);

  const reach = fieldReach(scene.placements.values());
  const fit = fieldFit(reach, viewport);
  const fitRef = useRef(fit);
  fitRef.current = fit;
  const scale = fit.size;
  const bounds = useRef<Point>({ x: 0, y: 0 });
  bounds.current = panBounds({ x: reach * fit.x, y: reach * fit.y }, viewport);
  const pan = usePan(bounds);
  const elements = useRef(new Map<string, HTMLElement>());
  const panLayer = useRef<HTMLFieldSetElement>(null);
  const sky = useRef<HTMLDivElement>(null);
  const register = useCallback((key: string, element: HTMLElement | null) => {
    if (element) elements.current.set(key, element);
    else elements.current.delete(key);
  }, []);
  useOrbitLoop({
    scene: current,
    elements,
    panLayer,
    sky,
    pan,
    fit: fitRef,
    reduced,
    paused: covered,
    drawn: scene,
    random,
    onTransitionsOver: settle,
  });

  const margin = {
    x: Math.ceil(bounds.current.x * STARFIELD.backgroundParallax),
    y: Math.ceil(bounds.current.y * STARFIELD.backgroundParallax),
  };
  const meStar = profiles.stars.find((star) => star.star_type === StarType.ME);
  return (
    <div className={styles.field} style={{ ...FIELD_STYLE, '--s': scale } as CSSProperties} {...pan.handlers}>
      <div ref={sky} className={styles.sky} style={{ inset: `${-margin.y}px ${-margin.x}px` }}>
        <Sky width={viewport.width + 2 * margin.x} height={viewport.height + 2 * margin.y} seed={seed} />
      </div>
      <fieldset
        ref={panLayer}
        aria-label={t(T.homeFieldLabel)}
        className={styles.pan}
        data-testid="star-field"
      >
        <div className={styles.centre}>
          <OwnStar
            profile={profiles.user_profile}
            meStar={meStar}
            pulse={profiles.me_star_pulse}
            open={openerFor(StarType.ME)}
            scale={scale}
          />
          {scene.items.map((item) => {
            const transition = scene.transitions.get(item.key);
            const effect = transition && CUES[transition.change];
            return (
              <OrbitingStar
                key={item.key}
                display={item}
                scale={scale}
                register={register}
                open={openerFor(item.star.star_type)}
                cue={effect && transition ? { effect, at: transition.startedAt } : null}
                leaving={transition?.change === 'fadeOut'}
              />
            );
          })}
        </div>
      </fieldset>
      {isNearlyEmpty(profiles.stars) && <Welcome />}
    </div>
  );
}
