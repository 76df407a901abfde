import { WebSocket } from 'ws';

/** `--inspect=127.0.0.1:0` picks a free port and names it on stderr; NODE_OPTIONS carries it to the server. */
export const INSPECTOR_ENV = { NODE_OPTIONS: '--inspect=127.0.0.1:0' } as const;

const LISTENING = /Debugger listening on (ws:\/\/\S+)/;

/** The inspector's address in a line of the process's log, or null. */
export function inspectorUrlIn(line: string): string | null {
  return LISTENING.exec(line)?.[1] ?? null;
}

/**
 * A full collection in the process behind the inspector (the DevTools protocol's
 * `HeapProfiler.collectGarbage`), awaited: memory read after it is what the process keeps, not garbage a
 * collection would have taken at a time of V8's choosing.
 */
export async function collectGarbage(url: string): Promise<void> {
  const ws = new WebSocket(url);
  try {
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    await new Promise<void>((resolve, reject) => {
      ws.on('message', (data) => {
        const reply = JSON.parse(String(data)) as { id?: number; error?: { message: string } };
        if (reply.id !== 1) return;
        if (reply.error) reject(new Error(`HeapProfiler.collectGarbage: ${reply.error.message}`));
        else resolve();
      });
      ws.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' }));
    });
  } finally {
    ws.close();
  }
}
