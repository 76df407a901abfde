/** What a write-behind did since the instance started (orbit_written_behind_total): items written or lost. */
export interface WrittenBehindCounts {
  written: number;
  failed: number;
  /** Statements sent: the fewer per item, the more each write gathered. */
  writes: number;
}

export interface WrittenBehindParts<Batch> {
  empty(): Batch;
  size(batch: Batch): number;
  write(batch: Batch): Promise<void>;
  onFailure(err: unknown): void;
  /** How long a first change waits for others to join its write. */
  delayMs: number;
}

/**
 * Changes gathered for a moment and written together, one write at a time (decisions 0067 and 0094): each
 * write is a commit and a round trip of its own, and on a busy database each costs both sides a wake-up. What
 * waits is lost with the process, so only changes whose loss is harmless are written so; close() writes the
 * rest.
 */
export class WrittenBehind<Batch> {
  private waiting: Batch;
  private inFlight: Batch | null = null;
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;
  readonly counts: WrittenBehindCounts = { written: 0, failed: 0, writes: 0 };

  constructor(private readonly parts: WrittenBehindParts<Batch>) {
    this.waiting = parts.empty();
  }

  get pending(): number {
    return this.parts.size(this.waiting);
  }

  /** The changes not yet written: the ones waiting first, then the ones being written. */
  get unwritten(): Batch[] {
    return this.inFlight === null ? [this.waiting] : [this.waiting, this.inFlight];
  }

  add(change: (waiting: Batch) => void): void {
    change(this.waiting);
    this.schedule();
  }

  /** Writes what waits now (after a write in progress); close() calls it so that nothing is left behind. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // Not awaited when nothing is being written: what waits is taken now, what comes after waits its turn.
    if (this.writing) await this.writing;
    const size = this.pending;
    if (size === 0) return;
    const batch = this.waiting;
    this.waiting = this.parts.empty();
    this.inFlight = batch;
    this.counts.writes += 1;
    this.writing = this.parts
      .write(batch)
      .then(
        () => {
          this.counts.written += size;
        },
        (err: unknown) => {
          this.counts.failed += size;
          this.parts.onFailure(err);
        },
      )
      .finally(() => {
        this.inFlight = null;
        this.writing = null;
        if (this.pending > 0) this.schedule();
      });
    await this.writing;
  }

  private schedule(): void {
    if (this.timer || this.writing) return;
    this.timer = setTimeout(() => void this.flush(), this.parts.delayMs);
  }
}
