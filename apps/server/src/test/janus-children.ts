import fs from 'node:fs';
import path from 'node:path';
import { JanusConnection } from '../platform/media/janus-client';
import { VIDEOROOM_PLUGIN } from '../platform/media/janus-rooms';

/**
 * The pids of the Janus children started under `dataDir`, read from /proc: each runs with
 * `-C <dataDir>/janus/run-*` on its command line. A test kills one as anything outside the server would.
 */
export function janusChildPids(dataDir: string): number[] {
  const marker = path.join(dataDir, 'janus', 'run-');
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** A signal to the one Janus child under `dataDir`; SIGKILL leaves it no chance to clean up, as a crash. */
export function killJanusChild(dataDir: string, signal: NodeJS.Signals = 'SIGKILL'): number {
  const pids = janusChildPids(dataDir);
  if (pids.length !== 1) throw new Error(`expected one Janus child under ${dataDir}, found ${pids.length}`);
  process.kill(pids[0], signal);
  return pids[0];
}

/**
 * Joins a video room as a publisher with its pin over a member's own connection to Janus (what janus.js does
 * in the browser), and answers what the room said: `joined` when the room is real and admits the pin.
 */
export async function joinAsMember(url: string, room: { roomId: number; pin: string }, id: number) {
  const connection = await JanusConnection.open(url);
  try {
    const handle = await (await connection.createSession()).attach(VIDEOROOM_PLUGIN);
    const answer = await handle.message<{ videoroom: string }>({
      request: 'join',
      ptype: 'publisher',
      room: room.roomId,
      pin: room.pin,
      id,
      display: 'member',
    });
    return answer.videoroom;
  } finally {
    connection.close();
  }
}
