/**
 * Background work that runs every `everyMs` on this instance, one run at a time: a run still going when the
 * next is due is not doubled. A failed run is reported and the next one tries again.
 */
export class Periodic {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** A run was asked for while one was going: it follows at once. */
  private again = false;

  constructor(
    private readonly everyMs: number,
    private readonly run: () => Promise<void>,
    private readonly onFailure: (err: unknown) => void,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.everyMs);
    this.timer.unref();
  }

  /** Runs now rather than at the next period (after the run in progress, if any); only once started. */
  runSoon(): void {
    if (!this.timer) return;
    if (this.running) this.again = true;
    else this.tick();
  }

  /** Stops the timer and waits for a run in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.run()
      .catch(this.onFailure)
      .finally(() => {
        this.running = null;
        if (this.again && this.timer) {
          this.again = false;
          this.tick();
        }
      });
  }
}
