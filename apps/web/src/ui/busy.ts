import { UI_TIMINGS } from '@orbit/contract';
import { create } from 'zustand';

/** How a call asks for the busy indicator (docs/product/home-and-stars.md#shell): after a delay in ms; 0 at once; -1 never. */
export type BusyDelay = number;
export const BUSY_NEVER = -1;

export type BusyPlan = { kind: 'never' } | { kind: 'now' } | { kind: 'after'; ms: number };

export function busyPlan(delay: BusyDelay = UI_TIMINGS.busyDefaultDelayMs): BusyPlan {
  if (delay < 0) return { kind: 'never' };
  if (delay === 0) return { kind: 'now' };
  return { kind: 'after', ms: delay };
}

interface BusyState {
  pending: number;
  begin: () => void;
  end: () => void;
}

export const useBusyStore = create<BusyState>((set) => ({
  pending: 0,
  begin: () => set((s) => ({ pending: s.pending + 1 })),
  end: () => set((s) => ({ pending: Math.max(0, s.pending - 1) })),
}));

/** Shows the busy indicator while `work` runs, but only once it has taken longer than the delay. */
export async function trackBusy<T>(work: Promise<T>, delay?: BusyDelay): Promise<T> {
  const plan = busyPlan(delay);
  if (plan.kind === 'never') return work;
  const { begin, end } = useBusyStore.getState();
  let shown = false;
  const show = () => {
    shown = true;
    begin();
  };
  let timer: ReturnType<typeof setTimeout> | null = null;
  if (plan.kind === 'now') show();
  else timer = setTimeout(show, plan.ms);
  try {
    return await work;
  } finally {
    if (timer) clearTimeout(timer);
    if (shown) end();
  }
}
