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
  /** Answers (`collected`) once `expected` arrivals of marker `seq` were recorded, or at `timeoutMs`. */
  | { type: 'await'; seq: number; expected: number; timeoutMs: number }
  /** Collects the holder's garbage now and answers `settled`, so that no pause of its own falls in a delivery. */
  | { type: 'settle' }
  | { type: 'close' };

export type HolderReply =
  | { type: 'opened'; sockets: number }
  | { type: 'collected'; arrivals: number[]; frames: number; closed: number }
  | { type: 'settled' }
  | { type: 'failed'; message: string };

/** The holder's flat [seq, member, atMs] triples as arrivals. */
function arrivalsIn(flat: number[]): Arrival[] {
  const arrivals: Arrival[] = [];
  for (let i = 0; i < flat.length; i += 3)
    arrivals.push({ seq: flat[i], member: flat[i + 1], atMs: flat[i + 2] });
  return arrivals;
}

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
    this.child = fork(CHILD, [], {
      execArgv: [...nodeArgs, '--expose-gc', '--import', 'tsx'],
      stdio: 'inherit',
    });
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
    return { arrivals: arrivalsIn(reply.arrivals), frames: reply.frames, closed: reply.closed };
  }

  /**
   * Before a timed send: the holder's own collection runs now rather than while it reads the frames, where a
   * pause of 30 ms (its 10000 sockets' heap) timed a tenth of a post's arrivals late by as long.
   */
  async settle(): Promise<void> {
    const reply = await this.ask({ type: 'settle' });
    if (reply.type !== 'settled') throw new Error(`the socket holder answered ${reply.type}`);
  }

  /**
   * The arrivals of marker `seq` once `expected` were recorded or `timeoutMs` passed, for one marker at a
   * time (arrivals of other markers recorded meanwhile are dropped). The holder answers once, at the end: a
   * poll while the frames arrive would have it send thousands of arrivals back in the middle of reading them,
   * and time the later ones late by as long.
   */
  async arrivalsOf(seq: number, expected: number, timeoutMs: number): Promise<Arrival[]> {
    const reply = await this.ask({ type: 'await', seq, expected, timeoutMs });
    if (reply.type !== 'collected') throw new Error(`the socket holder answered ${reply.type}`);
    return arrivalsIn(reply.arrivals).filter((a) => a.seq === seq);
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.send({ type: 'close' } satisfies HolderRequest);
    await exited;
  }
}
