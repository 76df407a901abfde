import { type Notification, NotificationType } from '@orbit/contract';
import { create } from 'zustand';
// ?no-inline: the files stay files (the server's Content-Security-Policy allows no data: media).
import beep from '../assets/sounds/beep.mp3?no-inline';
import general from '../assets/sounds/general.mp3?no-inline';
import incomingCall from '../assets/sounds/incoming-call.mp3?no-inline';
import micGranted from '../assets/sounds/mic-granted.mp3?no-inline';
import tagUser from '../assets/sounds/tag-user.mp3?no-inline';
import { isQuietAt } from './quiet';

/**
 * The five sounds of docs/product/home-and-stars.md#sounds (beep, tag user, general, mic granted, incoming call), made for Orbit by
 * assets/sounds/make-sounds.sh.
 */
export const SOUND_FILES = { beep, tagUser, general, micGranted, incomingCall } as const;
export type SoundName = keyof typeof SOUND_FILES;

/** The member's choice for this device: sounds are a property of where the app plays, not of the account. */
const STORAGE_KEY = 'orbit.sounds';

function storedChoice(): boolean {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) !== 'off';
  } catch {
    return true;
  }
}

interface SoundSetting {
  enabled: boolean;
  setEnabled: (enabled: boolean) => void;
}

export const useSoundSetting = create<SoundSetting>((set) => ({
  enabled: storedChoice(),
  setEnabled: (enabled) => {
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, enabled ? 'on' : 'off');
    } catch {
      // A browser without storage keeps the choice for this visit only.
    }
    set({ enabled });
  },
}));

/**
 * Plays a sound unless the member turned sounds off or is in their quiet hours; `loop` repeats it until the
 * answered stop is called. A browser that refuses to play before the page was touched (autoplay rules)
 * simply stays silent.
 */
export function playSound(name: SoundName, options: { loop?: boolean } = {}): () => void {
  const silent = !useSoundSetting.getState().enabled || isQuietAt();
  if (silent || typeof Audio === 'undefined') return () => undefined;
  const audio = new Audio(SOUND_FILES[name]);
  audio.loop = options.loop ?? false;
  audio.play().catch(() => undefined);
  return () => audio.pause();
}

/** A new notification sounds "tag user" when it says the member was tagged, "general" otherwise. */
export function notificationSound(notification: Pick<Notification, 'type' | 'data'>): SoundName {
  const tagged =
    notification.type === NotificationType.ME_STAR && 'tagged_users' in (notification.data ?? {});
  return tagged ? 'tagUser' : 'general';
}
