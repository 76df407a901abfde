import { isQuietNow, type QuietHours } from '@orbit/contract';
import { useEffect } from 'react';
import { create } from 'zustand';

/**
 * The member's quiet hours as their profile last said (decision 0044). The clock is read at each use with the
 * contract's rule, so hours that begin or end while the app is open are honoured without a refetch; the
 * server also marks what arrives during them (NOTIFICATION `quiet`) and sends no call popup.
 */
interface QuietSetting {
  hours: QuietHours | null;
  zone: string;
}

export const useQuietSetting = create<QuietSetting>(() => ({ hours: null, zone: 'UTC' }));

export function isQuietAt(now = new Date()): boolean {
  const { hours, zone } = useQuietSetting.getState();
  return isQuietNow(hours, zone, now);
}

/** Keeps the setting in step with the signed-in member's profile. */
export function useQuietHoursOf(profile: { quiet_hours?: QuietHours | null; timezone: string } | null) {
  const hours = profile?.quiet_hours ?? null;
  const zone = profile?.timezone ?? 'UTC';
  const start = hours?.start;
  const end = hours?.end;
  useEffect(() => {
    useQuietSetting.setState({ hours: start && end ? { start, end } : null, zone });
  }, [start, end, zone]);
}
