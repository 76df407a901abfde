import fs from 'node:fs';
import { collectGarbage, inspectorUrlIn } from './inspector';

/** Phrases counted in the server's whole log (line by line), for scenarios that report them. */
export const WATCHED_LOG_PHRASES = ['deadlock detected', 'could not serialize access'] as const;
export type WatchedPhrase = (typeof WATCHED_LOG_PHRASES)[number];

/** What a scenario may read of the running server process besides its HTTP answers. */
export interface ServerProbe {
  /** Resident memory in KB (VmRSS), or null where /proc is missing. */
  rssKb(): number | null;
  /** User plus system CPU seconds spent so far, or null where /proc is missing. */
  cpuSeconds(): number | null;
  /**
   * A full collection in the server, awaited; false where it was not started with an inspector
   * (`INSPECTOR_ENV`).
   */
  collectGarbage(): Promise<boolean>;
  /** Log lines so far that contain the phrase. */
  logLines(phrase: WatchedPhrase): number;
}

/** Clock ticks per second of /proc/<pid>/stat: 100 on every Linux the bench runs on. */
const CLOCK_TICKS = 100;

function readProc(pid: number, file: string): string | null {
  try {
    return fs.readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return null;
  }
}

/**
 * Reads the process's memory and CPU from /proc and counts watched phrases in the log as it streams in
 * (the log is not kept: a failing soak writes megabytes of stack traces). Feed it with `onOutput`.
 */
export function serverProbe(pid: () => number): ServerProbe & { onOutput(chunk: string): void } {
  const counts = new Map<WatchedPhrase, number>(WATCHED_LOG_PHRASES.map((p) => [p, 0]));
  let partial = '';
  let inspector: string | null = null;
  return {
    onOutput(chunk) {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        inspector ??= inspectorUrlIn(line);
        for (const phrase of WATCHED_LOG_PHRASES) {
          if (line.includes(phrase)) counts.set(phrase, (counts.get(phrase) ?? 0) + 1);
        }
      }
    },
    rssKb() {
      const match = readProc(pid(), 'status')?.match(/^VmRSS:\s+(\d+) kB/m);
      return match ? Number(match[1]) : null;
    },
    cpuSeconds() {
      const stat = readProc(pid(), 'stat');
      if (!stat) return null;
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
    },
    async collectGarbage() {
      if (!inspector) return false;
      await collectGarbage(inspector);
      return true;
    },
    logLines: (phrase) => counts.get(phrase) ?? 0,
  };
}

/**
 * The server's resident memory after full collections: what it keeps. Opening 10000 sockets leaves megabytes
 * of handshake garbage, and a soak's phase hundreds of megabytes of answered requests', that V8 takes at a
 * time of its own choosing (decision 0063), which a bare reading counts or not depending on when it last ran.
 * Two collections, so that what the first freed for finalisation goes too. Null where the inspector or
 * /proc is missing.
 */
export async function keptRssKb(server: ServerProbe): Promise<number | null> {
  if (!(await server.collectGarbage())) return null;
  await server.collectGarbage();
  return server.rssKb();
}
