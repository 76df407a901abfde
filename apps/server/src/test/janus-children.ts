import fs from 'node:fs';
import path from 'node:path';

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

/** SIGKILL to the one Janus child under `dataDir`: no chance to clean up, as in a crash. */
export function killJanusChild(dataDir: string): number {
  const pids = janusChildPids(dataDir);
  if (pids.length !== 1) throw new Error(`expected one Janus child under ${dataDir}, found ${pids.length}`);
  process.kill(pids[0], 'SIGKILL');
  return pids[0];
}
