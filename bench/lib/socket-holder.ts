import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';

/** Milliseconds on the machine's monotonic clock: the same in every process, so times compare across them. */
export const clockMs = () => Number(process.hrtime.bigint()) / 1e6;

/**
 * The text a frame carries for the holder to time it: `~bench:<member>:<seq>~` in a message. Only its
 * arrival on a socket of member `to` is recorded (the sender's own sockets get it too, and are not counted);
 * `*` records it on every socket (a community post).
 */
export const deliveryMarker = (to: number | '*', seq: number) => `~bench:${to}:${seq}~`;

/** One recorded arrival: the marker's sequence number, the member whose socket got it, and when. */
export interface Arrival {
  seq: number;
  member: number;
  atMs: number;
}

export type HolderRequest =
  | {
      type: 'open';
      baseUrl: string;
      tokens: string[];
      owners: number[];
      perToken: number;
      /** The share of the sockets that watch their community channels (openSockets). */
      watchShare: number;
    }
  | { type: 'collect' }
  | { type: 'close' };

export type HolderReply =
  | { type: 'opened'; sockets: number }
  | { type: 'collected'; arrivals: number[]; frames: number; closed: number }
  | { type: 'failed'; message: string };

/** How often arrivalsOf asks: arrival times are taken in the holder, so this only delays the answer. */
const POLL_MS = 20;
const CHILD = path.resolve(import.meta.dirname, 'socket-holder-child.ts');

/**
 * Sockets held by a second process, so that receiving thousands of frames does not delay the timers of the
 * process that starts the requests. It records when marked frames arrive (socket-holder-child.ts).
 */
export class SocketHolder {
  private readonly child: ChildProcess;
  private pending: ((reply: HolderReply) => void) | null = null;

  constructor() {
    // HOLDER_NODE_ARGS lets a run profile the holder alone (`--cpu-prof --cpu-prof-dir=...`).
    const nodeArgs = (process.env.HOLDER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    this.child = fork(CHILD, [], { execArgv: [...nodeArgs, '--import', 'tsx'], stdio: 'inherit' });
    this.child.on('message', (reply: HolderReply) => {
      const resolve = this.pending;
      this.pending = null;
      resolve?.(reply);
    });
    this.child.on('exit', (code) => {
      this.pending?.({ type: 'failed', message: `the socket holder exited (${code}) before answering` });
      this.pending = null;
    });
  }

  private ask(request: HolderRequest): Promise<HolderReply> {
    return new Promise((resolve, reject) => {
      this.pending = (reply) => (reply.type === 'failed' ? reject(new Error(reply.message)) : resolve(reply));
      this.child.send(request);
    });
  }

  /**
   * Opens `perToken` sockets for each token (a batch at a time); `owners[i]` is the member of `tokens[i]`;
   * `watchShare` of them watch their community channels, the others none (decision 0084).
   */
  async open(
    baseUrl: string,
    tokens: string[],
    owners: number[],
    perToken: number,
    watchShare = 1,
  ): Promise<number> {
    const reply = await this.ask({ type: 'open', baseUrl, tokens, owners, perToken, watchShare });
    return reply.type === 'opened' ? reply.sockets : 0;
  }

  /** The arrivals recorded since the last collect, the frames received and the sockets closed so far. */
  async collect(): Promise<{ arrivals: Arrival[]; frames: number; closed: number }> {
    const reply = await this.ask({ type: 'collect' });
    if (reply.type !== 'collected') throw new Error(`the socket holder answered ${reply.type}`);
    const arrivals: Arrival[] = [];
    for (let i = 0; i < reply.arrivals.length; i += 3) {
      arrivals.push({ seq: reply.arrivals[i], member: reply.arrivals[i + 1], atMs: reply.arrivals[i + 2] });
    }
    return { arrivals, frames: reply.frames, closed: reply.closed };
  }

  /**
   * Polls until `expected` arrivals of marker `seq` were recorded or `timeoutMs` passed; for one marker at
   * a time (arrivals of other markers collected meanwhile are dropped).
   */
  async arrivalsOf(seq: number, expected: number, timeoutMs: number): Promise<Arrival[]> {
    const found: Arrival[] = [];
    const deadline = clockMs() + timeoutMs;
    while (found.length < expected && clockMs() < deadline) {
      found.push(...(await this.collect()).arrivals.filter((a) => a.seq === seq));
      if (found.length < expected) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    return found;
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.send({ type: 'close' } satisfies HolderRequest);
    await exited;
  }
}
