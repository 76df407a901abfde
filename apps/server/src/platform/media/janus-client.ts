import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';

/** The WebSocket subprotocols Janus speaks: the Janus API and the admin API. */
export const JANUS_PROTOCOL = 'janus-protocol';
export const JANUS_ADMIN_PROTOCOL = 'janus-admin-protocol';

/** Janus drops a session that stays silent for its session_timeout (60 s); 25 s keeps it alive with margin. */
const KEEPALIVE_MS = 25_000;
const REQUEST_TIMEOUT_MS = 10_000;

/** A refusal from Janus itself (`janus: "error"`) or from a plugin (`error_code` in its data). */
export class JanusError extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
  ) {
    super(`Janus error ${code}: ${reason}`);
  }
}

export type JanusMessage = Record<string, unknown> & {
  janus: string;
  transaction?: string;
  session_id?: number;
  sender?: number;
};

type PluginReply = Record<string, unknown>;

interface Pending {
  resolve(message: JanusMessage): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

function pluginErrorOf(data: PluginReply): JanusError | null {
  if (typeof data.error_code !== 'number') return null;
  return new JanusError(data.error_code, String(data.error ?? 'plugin error'));
}

/** One WebSocket to Janus; requests carry a transaction id and resolve on the reply that matches it. */
export class JanusConnection {
  private readonly pending = new Map<string, Pending>();
  private readonly listeners = new Map<number, (message: JanusMessage) => void>();
  private closedReason: Error | null = null;

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (raw) => this.dispatch(raw.toString()));
    socket.on('close', () => this.failAll(new Error('Janus connection closed')));
    socket.on('error', (err) => this.failAll(err));
  }

  static open(
    url: string,
    protocol = JANUS_PROTOCOL,
    timeoutMs = REQUEST_TIMEOUT_MS,
  ): Promise<JanusConnection> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, protocol, { handshakeTimeout: timeoutMs });
      socket.once('open', () => resolve(new JanusConnection(socket)));
      socket.once('error', reject);
    });
  }

  get isOpen(): boolean {
    return this.closedReason === null && this.socket.readyState === WebSocket.OPEN;
  }

  /**
   * Sends one request and resolves with its final reply. A plugin message is first acknowledged ("ack") and
   * answered later by an "event" with the same transaction; the ack is skipped unless `ackIsFinal`.
   */
  request(body: Record<string, unknown>, ackIsFinal = false): Promise<JanusMessage> {
    if (this.closedReason) return Promise.reject(this.closedReason);
    const transaction = randomBytes(12).toString('hex');
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(transaction);
        reject(new Error(`Janus did not answer ${String(body.janus)} in time`));
      }, REQUEST_TIMEOUT_MS);
      this.pending.set(transaction, {
        timer,
        reject,
        resolve: (message) => {
          if (message.janus === 'ack' && !ackIsFinal) return;
          this.settle(transaction);
          if (message.janus === 'error') {
            const error = message.error as { code: number; reason: string };
            reject(new JanusError(error.code, error.reason));
          } else resolve(message);
        },
      });
      this.socket.send(JSON.stringify({ ...body, transaction }));
    });
  }

  async createSession(): Promise<JanusSession> {
    const reply = await this.request({ janus: 'create' });
    return new JanusSession(this, (reply.data as { id: number }).id);
  }

  /** Routes events that answer no request (a plugin's notifications) to the handle they concern. */
  listen(handleId: number, listener: (message: JanusMessage) => void): () => void {
    this.listeners.set(handleId, listener);
    return () => this.listeners.delete(handleId);
  }

  close(): void {
    this.failAll(new Error('Janus connection closed'));
    this.socket.close();
  }

  private dispatch(text: string): void {
    const message = JSON.parse(text) as JanusMessage;
    const waiting = message.transaction ? this.pending.get(message.transaction) : undefined;
    if (waiting) waiting.resolve(message);
    else if (message.sender !== undefined) this.listeners.get(message.sender)?.(message);
  }

  private settle(transaction: string): void {
    const waiting = this.pending.get(transaction);
    if (waiting) clearTimeout(waiting.timer);
    this.pending.delete(transaction);
  }

  private failAll(error: Error): void {
    this.closedReason ??= error;
    for (const [transaction, waiting] of this.pending) {
      this.settle(transaction);
      waiting.reject(error);
    }
  }
}

/** A Janus session: kept alive every 25 s until destroyed. */
export class JanusSession {
  private readonly keepalive: NodeJS.Timeout;

  constructor(
    readonly connection: JanusConnection,
    readonly id: number,
  ) {
    this.keepalive = setInterval(() => {
      this.connection.request({ janus: 'keepalive', session_id: id }, true).catch(() => {});
    }, KEEPALIVE_MS);
    this.keepalive.unref();
  }

  async attach(plugin: string): Promise<JanusHandle> {
    const reply = await this.connection.request({ janus: 'attach', session_id: this.id, plugin });
    return new JanusHandle(this, (reply.data as { id: number }).id);
  }

  async destroy(): Promise<void> {
    clearInterval(this.keepalive);
    if (this.connection.isOpen) await this.connection.request({ janus: 'destroy', session_id: this.id });
  }
}

/** A handle on one plugin: its messages resolve with the plugin's data, or throw its error. */
export class JanusHandle {
  constructor(
    readonly session: JanusSession,
    readonly id: number,
  ) {}

  async message<T extends PluginReply = PluginReply>(body: Record<string, unknown>): Promise<T> {
    const reply = await this.session.connection.request({
      janus: 'message',
      session_id: this.session.id,
      handle_id: this.id,
      body,
    });
    const data = (reply.plugindata as { data: PluginReply } | undefined)?.data ?? {};
    const error = pluginErrorOf(data);
    if (error) throw error;
    return data as T;
  }

  onEvent(listener: (message: JanusMessage) => void): () => void {
    return this.session.connection.listen(this.id, listener);
  }

  async detach(): Promise<void> {
    await this.session.connection.request({
      janus: 'detach',
      session_id: this.session.id,
      handle_id: this.id,
    });
  }
}

/** One admin API request (list_sessions, handle_info...), authenticated by the server-side admin secret. */
export async function janusAdminRequest(
  adminUrl: string,
  adminSecret: string,
  body: Record<string, unknown>,
): Promise<JanusMessage> {
  const admin = await JanusConnection.open(adminUrl, JANUS_ADMIN_PROTOCOL);
  try {
    return await admin.request({ ...body, admin_secret: adminSecret });
  } finally {
    admin.close();
  }
}
