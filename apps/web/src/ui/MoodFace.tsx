import { Mood } from '@orbit/contract';

/** Mouth and brow of each mood (docs/product/activities-and-leaderboards.md#moods), drawn in a 24-unit box around a round face. */
const FACES: Record<number, { mouth: string; brows?: string; eyes?: 'wide' }> = {
  [Mood.HAPPY]: { mouth: 'M8 14.5c1.2 1.8 2.5 2.5 4 2.5s2.8-.7 4-2.5' },
  [Mood.EXCITED]: { mouth: 'M7.5 13.5h9c0 3-2 4.8-4.5 4.8s-4.5-1.8-4.5-4.8z', eyes: 'wide' },
  [Mood.SAD]: { mouth: 'M8.5 17c1-1.3 2.2-1.9 3.5-1.9s2.5.6 3.5 1.9' },
  [Mood.DEPRESSED]: { mouth: 'M8.5 16.5h7', brows: 'M7 8.2l3 1M17 8.2l-3 1' },
  [Mood.ANXIOUS]: { mouth: 'M8 16.5l1.3-1 1.4 1 1.3-1 1.3 1 1.4-1 1.3 1', brows: 'M7 9l3-1M17 9l-3-1' },
};

/** A mood's emoticon; decorative, since the control or text beside it names the mood. */
export function MoodFace({ mood, size = 28 }: { mood: number | null; size?: number }) {
  const face = mood ? FACES[mood] : undefined;
  const eyeRadius = face?.eyes === 'wide' ? 1.4 : 1.1;
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="10" />
      <circle cx="9" cy="10.5" r={eyeRadius} fill="currentColor" stroke="none" />
      <circle cx="15" cy="10.5" r={eyeRadius} fill="currentColor" stroke="none" />
      {face?.brows && <path d={face.brows} />}
      <path d={face?.mouth ?? 'M9 15.5h6'} />
    </svg>
  );
}
