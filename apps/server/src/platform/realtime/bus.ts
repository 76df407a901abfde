/**
 * The bus that carries committed events between instances: in-process by default, Redis pub/sub with
 * REDIS_URL. One message per change: its recipients with each one's sequence, and the envelope's shared
 * part already serialised, so that no instance serialises the payload again or reads the database to
 * deliver it.
 */
export interface BusMessage {
  recipients: { userId: number; seq: number }[];
  /** The envelope without its leading `{"id":n,` (see envelope.ts): identical for every recipient. */
  rest: string;
}

export interface Bus {
  publish(message: BusMessage): Promise<void>;
  /** Called once per process by the hub; resolves when messages will reach the handler. */
  subscribe(handler: (message: BusMessage) => void): Promise<void>;
  close(): Promise<void>;
}

/** The single-process bus: publishing hands the message straight to this process's hub. */
export class MemoryBus implements Bus {
  private readonly handlers: ((message: BusMessage) => void)[] = [];

  async publish(message: BusMessage): Promise<void> {
    for (const handler of this.handlers) handler(message);
  }

  async subscribe(handler: (message: BusMessage) => void): Promise<void> {
    this.handlers.push(handler);
  }

  async close(): Promise<void> {
    this.handlers.length = 0;
  }
}

/**
 * The wire form between instances: the recipients as compact JSON, a newline, then the shared envelope part
 * verbatim. JSON.stringify never writes a raw newline, so the first one separates the two, and the payload is
 * not encoded a second time inside a JSON string.
 */
export function encodeBusMessage(message: BusMessage): string {
  const pairs = message.recipients.map((r) => [r.userId, r.seq]);
  return `${JSON.stringify(pairs)}\n${message.rest}`;
}

export function decodeBusMessage(raw: string): BusMessage | null {
  const split = raw.indexOf('\n');
  if (split < 0) return null;
  let pairs: unknown;
  try {
    pairs = JSON.parse(raw.slice(0, split));
  } catch {
    return null;
  }
  if (!Array.isArray(pairs)) return null;
  const recipients: BusMessage['recipients'] = [];
  for (const pair of pairs) {
    if (!Array.isArray(pair) || !Number.isInteger(pair[0]) || !Number.isInteger(pair[1])) return null;
    recipients.push({ userId: pair[0], seq: pair[1] });
  }
  return { recipients, rest: raw.slice(split + 1) };
}
