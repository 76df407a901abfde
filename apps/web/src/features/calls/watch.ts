import { CALL_MEDIA } from '@orbit/contract';
import { type JanusJS, peerOf } from './janus';
import { adaptToLoss, adaptToMemory, type BitrateState, bitrateOf, lossPercent } from './layout';

interface WatchTarget {
  peer: () => JanusJS.PluginHandle | null;
  setBitrate: (bitrate: number) => void;
  videoOff: () => void;
}

interface Totals {
  sent: number;
  lost: number;
}

/** Chrome's heap figures, where the browser has them. */
const heap = () =>
  (performance as Performance & { memory?: { usedJSHeapSize: number; jsHeapSizeLimit: number } }).memory;

/**
 * Network and memory adaptation of what I send (docs/product/calls-and-lessons.md#call-media): packet loss read every 5 s, memory every 10 s; the
 * bitrate steps through 256000, 128000 and 64000, and video goes off at the lowest when memory is short.
 */
export class MediaWatch {
  private bitrate: BitrateState = { step: 0, changedAt: Date.now() };
  private totals: Totals = { sent: 0, lost: 0 };
  private timers: ReturnType<typeof setInterval>[] = [];

  constructor(private readonly target: WatchTarget) {}

  /** What I send at most now: after a reattach, the step the network had brought it to. */
  get currentBitrate(): number {
    return bitrateOf(this.bitrate);
  }

  start(): void {
    if (this.timers.length > 0) return;
    this.timers.push(setInterval(() => void this.checkNetwork(), CALL_MEDIA.networkCheckMs));
    if (heap()) this.timers.push(setInterval(() => this.checkMemory(), CALL_MEDIA.memoryCheckMs));
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
  }

  private async checkNetwork(): Promise<void> {
    const pc = peerOf(this.target.peer());
    if (!pc) return;
    const totals: Totals = { sent: 0, lost: 0 };
    (await pc.getStats()).forEach((report: { type: string; packetsSent?: number; packetsLost?: number }) => {
      if (report.type === 'outbound-rtp') totals.sent += report.packetsSent ?? 0;
      if (report.type === 'remote-inbound-rtp') totals.lost += report.packetsLost ?? 0;
    });
    const loss = lossPercent(this.totals, totals);
    this.totals = totals;
    this.apply(adaptToLoss(this.bitrate, loss, Date.now()));
  }

  private checkMemory(): void {
    const memory = heap();
    if (!memory || memory.jsHeapSizeLimit === 0) return;
    const { state, videoOff } = adaptToMemory(
      this.bitrate,
      memory.usedJSHeapSize / memory.jsHeapSizeLimit,
      Date.now(),
    );
    this.apply(state);
    if (videoOff) this.target.videoOff();
  }

  private apply(next: BitrateState): void {
    if (next.step === this.bitrate.step) return;
    this.bitrate = next;
    this.target.setBitrate(bitrateOf(next));
  }
}
