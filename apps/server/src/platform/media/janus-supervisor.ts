import type { Logger } from 'pino';
import type { JanusGateway } from './gateway';
import { type JanusChild, type JanusExit, type StartOptions, startJanus } from './janus-process';

/**
 * A child that died is started again at once; if that fails, or it dies again soon after, the next try waits
 * twice as long as the last, from RESTART_FIRST_DELAY_MS up to RESTART_MAX_DELAY_MS. A child that stayed up
 * RESTART_STABLE_MS starts the count again.
 */
export const RESTART_FIRST_DELAY_MS = 500;
export const RESTART_MAX_DELAY_MS = 30_000;
export const RESTART_STABLE_MS = 60_000;

/**
 * A stop asked of the child, not a death: SIGTERM and SIGINT reach it with its server's process group (Ctrl-C
 * on `npm start`, a process manager or test harness stopping the server), usually just before the server's own
 * close would stop it, and Janus then shuts down cleanly (exit code 0). Those are not restarted; a kill
 * (SIGKILL, an out-of-memory kill) or a crash (a signal, a failing exit code) is.
 */
const askedToStop = ({ code, signal }: JanusExit) =>
  code === 0 || signal === 'SIGTERM' || signal === 'SIGINT';

/** The wait before restart attempt `attempt` (0 is the first after a death). */
export function restartDelay(attempt: number): number {
  if (attempt === 0) return 0;
  return Math.min(RESTART_FIRST_DELAY_MS * 2 ** (attempt - 1), RESTART_MAX_DELAY_MS);
}

/**
 * Keeps one loopback Janus child running behind its gateway (docs/decisions/0032): when the process dies
 * (SIGKILL, a crash), the gateway is marked down so that placement passes it over, the death is logged once,
 * and the child is started again on the same ports when they are free, with backoff. The gateway then takes
 * the new address and secrets; the rooms the old process held are gone, which the calls service already
 * treats as a room to place again (0008, 0027).
 */
export class JanusSupervisor {
  private gateway: JanusGateway | null = null;
  private stopped = false;
  private attempt = 0;
  private startedAt = Date.now();
  /** The restart under way, which stop() waits for; and how to cut its backoff short. */
  private restarting: Promise<void> | null = null;
  private wake: (() => void) | null = null;

  constructor(
    private child: JanusChild,
    private readonly options: StartOptions,
    private readonly log: Logger,
  ) {
    this.watch(child);
  }

  /** The gateway this child serves: what is marked down and given the new address. */
  serve(gateway: JanusGateway): void {
    this.gateway = gateway;
  }

  /** Stops the child for good (the app closes): no restart follows, a restart under way is stopped. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.restarting;
    await this.child.stop();
  }

  private watch(child: JanusChild): void {
    void child.died.then((exit) => this.onDeath(child, exit));
  }

  private async onDeath(child: JanusChild, exit: JanusExit): Promise<void> {
    if (this.stopped || child !== this.child) return;
    if (askedToStop(exit)) {
      // Its gateway stops answering as any gateway that went away (0027); the server's close follows.
      this.log.info({ gateway: this.options.name, ...exit }, 'a Janus child was stopped: not restarted');
      return;
    }
    this.gateway?.markRestarting();
    if (Date.now() - this.startedAt >= RESTART_STABLE_MS) this.attempt = 0;
    // Once per outage: a child that dies again soon after its restart adds nothing new to read.
    const level = this.attempt === 0 ? 'error' : 'debug';
    this.log[level]({ gateway: this.options.name, ...exit }, 'a Janus child died: restarting it');
    // Its run folder goes; its ports are asked for again.
    this.restarting = child.stop().then(() => this.restart(child.ports));
    await this.restarting;
    this.restarting = null;
  }

  /** Waits `ms`, or less when stop() comes first. */
  private backoff(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private async restart(ports: JanusChild['ports']): Promise<void> {
    while (!this.stopped) {
      await this.backoff(restartDelay(this.attempt));
      this.attempt += 1;
      if (this.stopped) return;
      try {
        const child = await startJanus({ ...this.options, ports });
        if (this.stopped) return void (await child.stop());
        this.adopt(child);
        return;
      } catch (err) {
        this.log.debug({ err, gateway: this.options.name }, 'a Janus child did not restart yet');
      }
    }
  }

  private adopt(child: JanusChild): void {
    const previous = this.child;
    this.child = child;
    this.startedAt = Date.now();
    const publicUrl = this.gateway?.publicUrl;
    this.gateway?.restarted({
      url: child.url,
      // A proxy in front (JANUS_PUBLIC_URL, one child) stays in front: only the child's own address moves.
      publicUrl: publicUrl && publicUrl !== previous.url ? publicUrl : child.url,
      adminUrl: child.adminUrl,
      adminKey: child.adminKey,
    });
    this.watch(child);
    this.log.info({ gateway: this.options.name, url: child.url }, 'the Janus child is back');
  }
}
