import fs from 'node:fs/promises';
import { EventSubtype, RECORDING_LEASE_MS, SessionState } from '@orbit/contract';
import { and, eq, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { chatSessions } from '../../db/schema';
import { type AppDeps, unitOfWork } from '../../deps';
import { renderSessionRecording } from '../../platform/media/recordings';
import { inTransaction } from '../../platform/tx';
import { announceSession } from './events';
import type { SessionRow } from './queries';

/** Ended and not yet claimed, or claimed by a run that died (its lease expired): these still need work. */
function needsProcessing() {
  const expired = new Date(Date.now() - RECORDING_LEASE_MS);
  return or(
    eq(chatSessions.state, SessionState.ENDED),
    and(eq(chatSessions.state, SessionState.PROCESSING), lt(chatSessions.processingStartedAt, expired)),
  );
}

/** Claims the session (ENDED -> PROCESSING) in one statement, so two runs never process it twice. */
async function claim(deps: AppDeps, sessionId: number): Promise<SessionRow | null> {
  return inTransaction(unitOfWork(deps), async (work) => {
    const [row] = await work.tx
      .update(chatSessions)
      .set({ state: SessionState.PROCESSING, processingStartedAt: new Date() })
      .where(and(eq(chatSessions.id, sessionId), needsProcessing()))
      .returning();
    if (row) await announceSession(work, row, EventSubtype.UPDATE);
    return row ?? null;
  });
}

async function finish(deps: AppDeps, sessionId: number, state: SessionState, mediaKey: string | null) {
  await inTransaction(unitOfWork(deps), async (work) => {
    const [row] = await work.tx
      .update(chatSessions)
      .set({ state, mediaKey })
      .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.state, SessionState.PROCESSING)))
      .returning();
    if (row) await announceSession(work, row, EventSubtype.UPDATE);
  });
}

/** PROCESSING, then REPLAYREADY with the mp4 in storage, or PROCESSING_FAILED. */
export async function processRecording(deps: AppDeps, log: Logger, sessionId: number): Promise<void> {
  const row = await claim(deps, sessionId);
  if (!row) return;
  try {
    if (!row.recordingDir) throw new Error('the media server recorded nowhere this server reads');
    const mp4 = await renderSessionRecording(row.recordingDir, deps.config.recordingTools);
    const key = `sessions/${row.id}/recording.mp4`;
    await deps.storage.put(key, await fs.readFile(mp4));
    await finish(deps, row.id, SessionState.REPLAYREADY, key);
    // The raw .mjr and .wav files are not needed once the mp4 is stored.
    await fs.rm(row.recordingDir, { recursive: true, force: true });
  } catch (err) {
    log.warn({ err, sessionId }, 'session recording could not be processed');
    await finish(deps, row.id, SessionState.PROCESSING_FAILED, null);
  }
}

/** Off the request path: the reply has gone before ffmpeg starts; errors end in PROCESSING_FAILED. */
export function processRecordingSoon(deps: AppDeps, log: Logger, sessionId: number): void {
  setImmediate(() => {
    processRecording(deps, log, sessionId).catch((err) => log.error({ err, sessionId }, 'recording job'));
  });
}

/**
 * After a restart: the sessions that ended while no run was processing them, or whose run died, are taken
 * up again. The database row is the job; nothing lives only in memory.
 */
export async function resumeRecordings(deps: AppDeps, log: Logger): Promise<void> {
  const rows = await deps.db.select({ id: chatSessions.id }).from(chatSessions).where(needsProcessing());
  for (const { id } of rows) await processRecording(deps, log, id);
}
