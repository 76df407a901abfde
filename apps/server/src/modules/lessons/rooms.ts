import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppDeps } from '../../deps';
import { type JanusGateway, mediaUnavailable, type RoomCredentials } from '../../platform/media';
import type { LessonRow } from './queries';

type RoomRef = Pick<RoomCredentials, 'roomId' | 'secret'>;

/**
 * Both rooms of a new lesson, on one gateway (placed like a call's, 0027), recorded into a folder of its own
 * under that gateway's recordings folder.
 */
export async function createRooms(deps: AppDeps, name: string) {
  if (!deps.media.available) throw mediaUnavailable();
  const gateway = await deps.media.place();
  const base = gateway.recordingsDir;
  const recordingDir = base ? path.join(base, `session-${randomBytes(8).toString('hex')}`) : null;
  // The audio bridge opens its .wav itself and needs the folder to exist; the video room creates it.
  if (recordingDir) fs.mkdirSync(recordingDir, { recursive: true });
  const record = recordingDir !== null;
  const video = await gateway.createRoom('video', {
    description: name,
    publishers: 1,
    record,
    recDir: recordingDir ?? undefined,
  });
  try {
    const audio = await gateway.createRoom('audio', {
      description: name,
      record,
      recordFile: recordingDir ? path.join(recordingDir, 'audio.wav') : undefined,
    });
    return { gateway, video, audio, recordingDir };
  } catch (err) {
    await gateway.destroyRoom('video', video).catch(() => {});
    throw err;
  }
}

export async function destroyRooms(gateway: JanusGateway | null, video: RoomRef, audio: RoomRef) {
  if (!gateway) return;
  await Promise.allSettled([gateway.destroyRoom('video', video), gateway.destroyRoom('audio', audio)]);
}

/** The gateway the lesson's rooms are on, or null when the pool no longer has it. */
export const gatewayOf = (deps: AppDeps, lesson: Pick<LessonRow, 'janusGateway'>) =>
  deps.media.gateway(lesson.janusGateway);

/** The audio bridge requests on the lesson's own gateway. */
export async function bridgesOf(deps: AppDeps, lesson: Pick<LessonRow, 'janusGateway'>) {
  const gateway = gatewayOf(deps, lesson);
  if (!gateway) throw mediaUnavailable();
  return gateway.audioBridges();
}
