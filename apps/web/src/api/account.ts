import { avatarUrl, IMAGE_SIZES } from '@orbit/contract';
import { useQuery } from '@tanstack/react-query';
import { trackBusy } from '../ui/busy';
import { call } from './client';
import { queryKeys } from './keys';
import type { UserProfile } from './types';

export function useAvatars() {
  return useQuery({
    queryKey: queryKeys.avatars,
    queryFn: () => call('avatars'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const checkIdentityAvailable = (identity: string) =>
  trackBusy(call('identityAvailable', { query: { identity } }));

export const validatePassword = (password: string) =>
  trackBusy(call('validatePassword', { body: { password } }));

/** A 401 here means "incorrect password", not "signed out". */
export const confirmPassword = (password: string) =>
  trackBusy(call('confirmPassword', { body: { password }, public: true }));

export interface UploadedImage {
  image_id: number;
  image_url: string;
  width: number;
  height: number;
}

export function uploadTempImage(file: Blob): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file);
  return trackBusy(call('uploadTempImage', { form, query: { s: IMAGE_SIZES.profileParam } }));
}

/** A square crop: x, y and the side s, all in the scale of an image shown `width` wide. */
export interface CropArea {
  x: number;
  y: number;
  s: number;
  width: number;
}

export const cropImage = (imageId: number, area: CropArea) =>
  trackBusy(call('cropImage', { body: { image_id: imageId, ...area } }));

/** The member's picture: the persona image when it has one, otherwise the chosen preset avatar. */
export function memberPicture(profile: Pick<UserProfile, 'image_url' | 'avatar_image'>): string | null {
  return profile.image_url ?? (profile.avatar_image ? avatarUrl(profile.avatar_image) : null);
}

/** GET /user/export: everything the member owns or wrote, as one document (decision 0048). */
export const exportAccount = () => trackBusy(call('exportAccount'));

/** The sections of an export a new account takes (the rest is the member's record, not imported). */
const PERSONAL_SECTIONS = [
  'format',
  'version',
  'profile',
  'activity_logs',
  'mood_history',
  'tags',
  'notes',
  'blocks',
];

/**
 * POST /user/import: the personal part of a downloaded export, sent as the form's file so that the files the
 * export embeds never travel back. A file that is not JSON is sent as it is, for the server to refuse.
 */
export function importAccount(text: string) {
  let body = text;
  try {
    const document = JSON.parse(text) as Record<string, unknown>;
    body = JSON.stringify(Object.fromEntries(PERSONAL_SECTIONS.map((key) => [key, document[key]])));
  } catch {
    // Not JSON: the server answers invalid_import.
  }
  const form = new FormData();
  form.append('file', new Blob([body], { type: 'application/json' }), 'orbit-export.json');
  return trackBusy(call('importAccount', { form }));
}

/** DELETE /user: erases the account; a wrong password is 401 incorrect_password (the session stays). */
export const eraseAccount = (password: string) => trackBusy(call('eraseAccount', { body: { password } }));
