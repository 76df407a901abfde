import fs from 'node:fs';
import os from 'node:os';

/**
 * The embedded PGlite directory has one owner at a time: two processes writing it would corrupt it, and
 * PGlite itself marks nothing (its postmaster.pid names no real process). Whoever opens it, the server or
 * `orbit`, writes `<dir>.lock` with its pid and host, and takes it over only from a process that is gone.
 */
export class DatabaseBusy extends Error {}

interface Holder {
  pid: number;
  host: string;
  since: string;
  command: string;
}

export const lockPathOf = (dir: string) => `${dir}.lock`;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, as another user's process.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): Holder | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Holder;
  } catch {
    return null;
  }
}

/** Who holds the directory now, or null when nobody does (no lock, or its process is gone). */
export function pgliteHolder(dir: string): Holder | null {
  const holder = readHolder(lockPathOf(dir));
  if (!holder || !Number.isInteger(holder.pid)) return null;
  // On another machine (a shared volume) the process cannot be asked: it is taken to be alive.
  if (holder.host !== os.hostname()) return holder;
  return alive(holder.pid) ? holder : null;
}

export function busyMessage(dir: string, holder: Holder): string {
  return (
    `the embedded database ${dir} is in use by process ${holder.pid} on ${holder.host} ` +
    `(${holder.command}, since ${holder.since}); stop it first, since PGlite has one owner at a time ` +
    `(a lock left by a machine that is gone: remove ${lockPathOf(dir)})`
  );
}

/** Takes the directory for this process; throws DatabaseBusy while another live process holds it. */
export function lockPgliteDir(dir: string): () => void {
  const file = lockPathOf(dir);
  const mine: Holder = {
    pid: process.pid,
    host: os.hostname(),
    since: new Date().toISOString(),
    command: process.argv.slice(1, 3).join(' ').slice(0, 200),
  };
  const holder = pgliteHolder(dir);
  if (holder) throw new DatabaseBusy(busyMessage(dir, holder));
  fs.writeFileSync(file, `${JSON.stringify(mine)}\n`);
  return () => {
    if (readHolder(file)?.pid === process.pid) fs.rmSync(file, { force: true });
  };
}
