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

/** A request's reply never waits longer: a process that stops answering fails the reading, not the run. */
const ASK_TIMEOUT_MS = 30_000;

interface Waiting {
  sessionId: string;
  settle(reply: Message | Error): void;
}

/**
 * One inspector session: requests answered by their id, to the process's main thread or, by `sessionId`, to
 * one of its worker threads (the protocol's `NodeWorker` domain). A worker that ends answers nothing more:
 * its requests settle with nothing to read; the connection closing fails every request still waiting.
 */
class InspectorSession {
  private nextId = 1;
  private readonly waiting = new Map<string, Waiting>();
  readonly workers: string[] = [];

  constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      try {
        this.received(JSON.parse(String(data)) as Message);
      } catch (err) {
        this.failAll(err as Error);
      }
    });
    ws.on('close', () => this.failAll(new Error('the inspector closed the connection')));
    ws.on('error', (err) => this.failAll(err));
  }

  private received(message: Message, sessionId = '') {
    const workerId = message.params?.sessionId;
    if (message.method === 'NodeWorker.attachedToWorker' && workerId) {
      this.workers.push(workerId);
    } else if (message.method === 'NodeWorker.detachedFromWorker' && workerId) {
      const at = this.workers.indexOf(workerId);
      if (at >= 0) this.workers.splice(at, 1);
      for (const wait of [...this.waiting.values()]) if (wait.sessionId === workerId) wait.settle({});
    } else if (message.method === 'NodeWorker.receivedMessageFromWorker' && message.params?.message) {
      this.received(JSON.parse(message.params.message) as Message, workerId);
    } else if (message.id !== undefined) {
      this.waiting.get(`${sessionId}:${message.id}`)?.settle(message);
    }
  }

  private failAll(err: Error) {
    for (const wait of [...this.waiting.values()]) wait.settle(err);
  }

  /** Sends `method` to the main thread, or to the worker of `sessionId`, and waits for its reply. */
  ask(method: string, params: object = {}, sessionId = ''): Promise<Message> {
    const id = this.nextId++;
    const key = `${sessionId}:${id}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => this.waiting.get(key)?.settle(new Error(`${method}: no answer in ${ASK_TIMEOUT_MS} ms`)),
        ASK_TIMEOUT_MS,
      );
      this.waiting.set(key, {
        sessionId,
        settle: (reply) => {
          clearTimeout(timer);
          this.waiting.delete(key);
          if (reply instanceof Error) reject(reply);
          else if (reply.error) reject(new Error(`${method}: ${reply.error.message}`));
          else resolve(reply);
        },
      });
      const message = JSON.stringify({ id, method, params });
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
    for (const worker of [...session.workers]) await session.ask('HeapProfiler.collectGarbage', {}, worker);
    await session.ask('NodeWorker.disable');
  } finally {
    ws.close();
  }
}
