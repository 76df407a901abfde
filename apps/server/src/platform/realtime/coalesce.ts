import { EventType, PROFILES_REFRESH_INTERVAL_MS } from '@orbit/contract';
import { type Frame, frameFor, sharedRest } from './envelope';

interface Envelope {
  type: string;
  subtype: string | null;
  ts: string;
  data: Record<string, unknown>;
}

const PROFILES_TYPE = Buffer.from(`"type":"${EventType.USER_PROFILES}"`);

/**
 * A USER_PROFILES that asks for a refetch of the star set, read from its frame; null for any other frame,
 * and for a mood delta (it carries `gojimoji`: the client applies it without a refetch, so it is not merged).
 */
function refreshOf(frame: Frame): { seq: number; envelope: Envelope } | null {
  if (!frame.bytes?.includes(PROFILES_TYPE)) return null;
  const envelope = JSON.parse(frame.bytes.toString('utf8')) as Envelope;
  if (envelope.type !== EventType.USER_PROFILES || envelope.data.gojimoji !== undefined) return null;
  return { seq: frame.seq, envelope };
}

/**
 * At most one USER_PROFILES refresh per socket per second (issue 17: a burst of friends' changes is one
 * refetch, not one each). A refresh within a second of the last one is held; later refreshes merge into it
 * (the newest sequence, every field that any of them named), and it is written when its second is up or
 * right before any other frame, so the socket still sees its stream in order. A held refresh lost with its
 * socket is not lost to the member: it is past the client's last seen id, so the resume replays it.
 */
export class ProfilesCoalescer {
  private lastWrittenAt = Number.NEGATIVE_INFINITY;
  private held: { seq: number; envelope: Envelope } | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  /** `due` writes a held refresh whose second is up. */
  constructor(
    private readonly due: (frame: Frame) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** The frames to write now, in order, for `frame`: none while a refresh is held, else the held one first. */
  admit(frame: Frame): Frame[] {
    const refresh = refreshOf(frame);
    if (!refresh) {
      const held = this.release();
      return held ? [held, frame] : [frame];
    }
    this.held = this.held ? merged(this.held, refresh) : refresh;
    const wait = this.lastWrittenAt + PROFILES_REFRESH_INTERVAL_MS - this.now();
    if (wait <= 0) return [this.release() as Frame];
    this.timer ??= setTimeout(() => {
      this.timer = null;
      const held = this.release();
      if (held) this.due(held);
    }, wait);
    return [];
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.held = null;
  }

  /** The held refresh as one frame, counted as written now; null when none is held. */
  private release(): Frame | null {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const held = this.held;
    if (!held) return null;
    this.held = null;
    this.lastWrittenAt = this.now();
    return frameFor(held.seq, sharedRest(held.envelope));
  }
}

function merged(older: { envelope: Envelope }, newer: { seq: number; envelope: Envelope }) {
  const data = { ...older.envelope.data, ...newer.envelope.data };
  return { seq: newer.seq, envelope: { ...newer.envelope, data } };
}
