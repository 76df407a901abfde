import fs from 'node:fs/promises';
import { EventSubtype, RECORDING_LEASE_MS, SessionState } from '@orbit/contract';
import { and, eq, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { lessons } from '../../db/schema';
import { type AppDeps, unitOfWork } from '../../deps';
import { renderLessonRecording } from '../../platform/media/recordings';
import { inTransaction } from '../../platform/tx';
import { announceLesson } from './events';
import type { LessonRow } from './queries';

/** Ended and not yet claimed, or claimed by a run that died (its lease expired): these still need work. */
function needsProcessing() {
  const expired = new Date(Date.now() - RECORDING_LEASE_MS);
  return or(
    eq(lessons.state, SessionState.ENDED),
    and(eq(lessons.state, SessionState.PROCESSING), lt(lessons.processingStartedAt, expired)),
  );
}

/** Claims the lesson (ENDED -> PROCESSING) in one statement, so two runs never process it twice. */
async function claim(deps: AppDeps, lessonId: number): Promise<LessonRow | null> {
  return inTransaction(unitOfWork(deps), async (work) => {
    const [row] = await work.tx
      .update(lessons)
      .set({ state: SessionState.PROCESSING, processingStartedAt: new Date() })
      .where(and(eq(lessons.id, lessonId), needsProcessing()))
      .returning();
    if (row) await announceLesson(work, row, EventSubtype.UPDATE);
    return row ?? null;
  });
}

async function finish(deps: AppDeps, lessonId: number, state: SessionState, mediaKey: string | null) {
  await inTransaction(unitOfWork(deps), async (work) => {
    const [row] = await work.tx
      .update(lessons)
      .set({ state, mediaKey })
      .where(and(eq(lessons.id, lessonId), eq(lessons.state, SessionState.PROCESSING)))
      .returning();
    if (row) await announceLesson(work, row, EventSubtype.UPDATE);
  });
}

/** PROCESSING, then REPLAYREADY with the mp4 in storage, or PROCESSING_FAILED. */
export async function processRecording(deps: AppDeps, log: Logger, lessonId: number): Promise<void> {
  const row = await claim(deps, lessonId);
  if (!row) return;
  try {
    if (!row.recordingDir) throw new Error('the media server recorded nowhere this server reads');
    const mp4 = await renderLessonRecording(row.recordingDir, deps.config.recordingTools);
    const key = `sessions/${row.id}/recording.mp4`;
    await deps.storage.put(key, await fs.readFile(mp4));
    await finish(deps, row.id, SessionState.REPLAYREADY, key);
    // The raw .mjr and .wav files are not needed once the mp4 is stored.
    await fs.rm(row.recordingDir, { recursive: true, force: true });
  } catch (err) {
    log.warn({ err, lessonId }, 'session recording could not be processed');
    await finish(deps, row.id, SessionState.PROCESSING_FAILED, null);
  }
}

/** Off the request path: the reply has gone before ffmpeg starts; errors end in PROCESSING_FAILED. */
export function processRecordingSoon(deps: AppDeps, log: Logger, lessonId: number): void {
  setImmediate(() => {
    processRecording(deps, log, lessonId).catch((err) => log.error({ err, lessonId }, 'recording job'));
  });
}

/**
 * After a restart: the lessons that ended while no run was processing them, or whose run died, are taken
 * up again. The database row is the job; nothing lives only in memory.
 */
export async function resumeRecordings(deps: AppDeps, log: Logger): Promise<void> {
  const rows = await deps.db.select({ id: lessons.id }).from(lessons).where(needsProcessing());
  for (const { id } of rows) await processRecording(deps, log, id);
}
