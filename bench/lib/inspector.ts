import { WebSocket } from 'ws';

/** `--inspect=127.0.0.1:0` picks a free port and names it on stderr; NODE_OPTIONS carries it to the server. */
export const INSPECTOR_ENV = { NODE_OPTIONS: '--inspect=127.0.0.1:0' } as const;

const LISTENING = /Debugger listening on (ws:\/\/\S+)/;

/** The inspector's address in a line of the process's log, or null. */
export function inspectorUrlIn(line: string): string | null {
  return LISTENING.exec(line)?.[1] ?? null;
}

/** A message of the DevTools protocol: a reply to a request (`id`), or an event (`method`). */
interface Message {
  id?: number;
  method?: string;
  params?: { sessionId?: string; message?: string };
  error?: { message: string };
}

/**
 * One inspector session: requests answered by their id, to the process's main thread or, by `sessionId`, to
 * one of its worker threads (the protocol's `NodeWorker` domain).
 */
class InspectorSession {
  private nextId = 1;
  private readonly waiting = new Map<string, (reply: Message) => void>();
  readonly workers: string[] = [];

  constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => this.received(JSON.parse(String(data)) as Message));
  }

  private received(message: Message, sessionId = '') {
    if (message.method === 'NodeWorker.attachedToWorker' && message.params?.sessionId) {
      this.workers.push(message.params.sessionId);
    } else if (message.method === 'NodeWorker.receivedMessageFromWorker' && message.params?.message) {
      this.received(JSON.parse(message.params.message) as Message, message.params.sessionId);
    } else if (message.id !== undefined) {
      this.waiting.get(`${sessionId}:${message.id}`)?.(message);
    }
  }

  /** Sends `method` to the main thread, or to the worker of `sessionId`, and waits for its reply. */
  ask(method: string, params: object = {}, sessionId = ''): Promise<Message> {
    const id = this.nextId++;
    const request = { id, method, params };
    return new Promise((resolve, reject) => {
      this.waiting.set(`${sessionId}:${id}`, (reply) => {
        this.waiting.delete(`${sessionId}:${id}`);
        if (reply.error) reject(new Error(`${method}: ${reply.error.message}`));
        else resolve(reply);
      });
      const message = JSON.stringify(request);
      if (!sessionId) this.ws.send(message);
      else {
        const outer = {
          id: this.nextId++,
          method: 'NodeWorker.sendMessageToWorker',
          params: { sessionId, message },
        };
        this.ws.send(JSON.stringify(outer));
      }
    });
  }
}

/**
 * A full collection in the process behind the inspector (the DevTools protocol's
 * `HeapProfiler.collectGarbage`), awaited, in its main thread and in each of its worker threads (the embedded
 * database's): memory read after it is what the process keeps, not garbage a collection would have taken at a
 * time of V8's choosing. A worker's heap is its own, so the main thread's collection leaves its garbage.
 */
export async function collectGarbage(url: string): Promise<void> {
  const ws = new WebSocket(url);
  try {
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const session = new InspectorSession(ws);
    // Each worker already running is announced (attachedToWorker) before the reply to enable.
    await session.ask('NodeWorker.enable', { waitForDebuggerOnStart: false });
    await session.ask('HeapProfiler.collectGarbage');
    for (const worker of session.workers) await session.ask('HeapProfiler.collectGarbage', {}, worker);
    await session.ask('NodeWorker.disable');
  } finally {
    ws.close();
  }
}
