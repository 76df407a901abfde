import { EventSubtype, EventType } from '@orbit/contract';
import { WebSocket } from 'ws';

/**
 * A member's socket as the web app keeps it: when it closes it asks for a new ticket and opens again with its
 * position (`since`), wherever the balancer sends it. Records every personal event id and message it got.
 */
export class ResumingSocket {
  /** Personal event ids in the order they arrived. */
  readonly ids: number[] = [];
  /** The pm_id of every PM NEW event. */
  readonly messages = new Set<number>();
  readonly closeCodes: number[] = [];
  /** The ticket of each socket opened, to find the instance that took it in the logs. */
  readonly tickets: string[] = [];
  /** What went wrong on the way (a refused ticket, a RESYNC): a test expects none. */
  readonly problems: string[] = [];
  /** The personal position the first socket announced: the ids that follow start after it. */
  start: number | null = null;
  private position: number | null = null;
  private stopped = false;
  private socket: WebSocket | null = null;

  constructor(
    /** A socket URL with a fresh ticket (GET /api/wsurl through the proxy). */
    private readonly ticketUrl: () => Promise<string>,
    private readonly ca: string,
  ) {}

  /** Resolves once the first socket announced its positions. */
  async open(): Promise<void> {
    await new Promise<void>((resolve, reject) => this.connect(resolve, reject));
  }

  close(): void {
    this.stopped = true;
    this.socket?.close();
  }

  private async connect(opened?: () => void, failed?: (err: Error) => void): Promise<void> {
    let url: URL;
    try {
      url = new URL(await this.ticketUrl());
    } catch (err) {
      this.problems.push(`ticket: ${(err as Error).message}`);
      if (failed) failed(err as Error);
      else this.retry();
      return;
    }
    if (this.position !== null) url.searchParams.set('since', String(this.position));
    this.tickets.push(url.searchParams.get('token') ?? '');
    const socket = new WebSocket(url, { ca: this.ca });
    this.socket = socket;
    socket.on('message', (raw) => {
      this.receive(JSON.parse(String(raw)) as Record<string, unknown>);
      if (opened && this.position !== null) {
        opened();
        opened = undefined;
      }
    });
    socket.on('unexpected-response', (_request, response) => {
      this.problems.push(`handshake answered ${response.statusCode}`);
      socket.terminate();
    });
    socket.on('error', (err) => failed?.(err));
    socket.on('close', (code) => {
      this.closeCodes.push(code);
      if (!this.stopped) this.retry();
    });
  }

  private retry(): void {
    setTimeout(() => void this.connect(), 100 + Math.random() * 200);
  }

  private receive(message: Record<string, unknown>): void {
    if (message.type === 'POSITIONS') {
      if (this.start === null) this.start = message.personal as number;
      this.position ??= message.personal as number;
      return;
    }
    if (message.type === 'RESYNC') this.problems.push('RESYNC');
    if (typeof message.id !== 'number' || 'ch' in message) return;
    this.ids.push(message.id);
    this.position = message.id;
    const data = message.data as { pm_id?: number } | undefined;
    if (message.type === EventType.PM && message.subtype === EventSubtype.NEW && data?.pm_id) {
      this.messages.add(data.pm_id);
    }
  }
}
