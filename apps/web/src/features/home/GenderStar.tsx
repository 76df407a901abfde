import { useId } from 'react';

/** The product's own star image of a type-1 persona, in the persona's gender style (docs/product/account-and-safety.md#persona). */
const STYLES: Record<string, [string, string]> = {
  male: ['#9fc1ff', '#3a5bb0'],
  female: ['#ffb3d1', '#b0457a'],
  other: ['#ffe29a', '#c08a2a'],
};

const STAR_PATH = 'M50 8l11.8 27.6 29.9 2.6-22.7 19.6 6.8 29.2L50 71.5 24.2 87l6.8-29.2L8.3 38.2l29.9-2.6z';

export function GenderStar({ style, size }: { style: string; size: number }) {
  const gradient = useId();
  const [light, deep] = STYLES[style] ?? STYLES.other!;
  return (
    <svg viewBox="0 0 100 100" width={size} height={size} aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id={gradient} cx="50%" cy="40%" r="60%">
          <stop offset="0%" stopColor="#fff" />
          <stop offset="45%" stopColor={light} />
          <stop offset="100%" stopColor={deep} />
        </radialGradient>
      </defs>
      <rect width="100" height="100" fill="#15234d" />
      <path d={STAR_PATH} fill={`url(#${gradient})`} stroke="#fff" strokeOpacity="0.5" strokeWidth="1.5" />
    </svg>
  );
}
