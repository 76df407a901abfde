/** A read under way, and the position it was asked at (it shows everything committed up to there). */
interface Flight<T> {
  position: number;
  result: Promise<T>;
}

/** One key's reads: the one running, and the one that starts when it is done (asked at the newest position). */
interface Lane<T> {
  running?: Flight<T>;
  next?: Flight<T>;
}

/**
 * Reads of a key's state that callers asking at the same time share, each still getting a state at least as new
 * as the position it asks at (a channel's position a caller read before asking). A caller joins the running
 * read when it was asked at that position or later; otherwise the next read, which starts once the running one
 * is done, at the newest position asked of it. Under a busy community, where every post and comment moves its
 * channel, a hundred readers of its feed made a hundred reads of the same window at once (the crowd's mix at
 * 300 req/s stalled on them); now a key has at most two reads under way, whatever the number of readers.
 */
export class SharedReads<K, T> {
  private readonly lanes = new Map<K, Lane<T>>();

  /** A state of `key` read at `position` or later; `load` is given the position the read is made at. */
  read(key: K, position: string, load: (position: string) => Promise<T>): Promise<T> {
    const asked = Number(position);
    const lane = this.lanes.get(key) ?? {};
    this.lanes.set(key, lane);
    if (lane.running && lane.running.position >= asked) return lane.running.result;
    if (lane.next) {
      lane.next.position = Math.max(lane.next.position, asked);
      return lane.next.result;
    }
    if (!lane.running) return this.start(key, lane, { position: asked }, load);
    const next: Partial<Flight<T>> & { position: number } = { position: asked };
    const settled = lane.running.result.then(
      () => undefined,
      () => undefined,
    );
    next.result = settled.then(() => this.start(key, lane, next, load));
    lane.next = next as Flight<T>;
    return next.result;
  }

  /** Reads under way, every key's together (what a test sees of the sharing). */
  underWay(): number {
    let count = 0;
    for (const lane of this.lanes.values()) count += (lane.running ? 1 : 0) + (lane.next ? 1 : 0);
    return count;
  }

  private start(
    key: K,
    lane: Lane<T>,
    flight: Partial<Flight<T>> & { position: number },
    load: (position: string) => Promise<T>,
  ): Promise<T> {
    if (lane.next === flight) lane.next = undefined;
    const result = Promise.resolve().then(() => load(String(flight.position)));
    const running = { position: flight.position, result };
    lane.running = running;
    const done = () => {
      if (lane.running === running) lane.running = undefined;
      if (!lane.running && !lane.next && this.lanes.get(key) === lane) this.lanes.delete(key);
    };
    result.then(done, done);
    return result;
  }
}
