import type { WebSocket } from 'ws';
import { clockMs, type HolderReply, type HolderRequest } from './socket-holder';
import { openSockets } from './sockets';

/**
 * The socket holder's process (see SocketHolder): keeps the sockets open and looks at each frame only as
 * far as a marked delivery needs, a byte search, without parsing the JSON.
 */
const MARK = Buffer.from('~bench:');
const sockets: WebSocket[] = [];
/** Flat [seq, member, atMs] triples: cheap to keep and to send back. */
let arrivals: number[] = [];
let frames = 0;
let closed = 0;
/** Arrivals recorded of each marker, and the one delivery waited for (an `await`), answered at its count. */
const counts = new Map<number, number>();
let awaited: { seq: number; expected: number; timer: NodeJS.Timeout } | null = null;

function reply(message: HolderReply) {
  process.send?.(message);
}

/** Sends what was recorded since the last answer. */
function replyCollected() {
  reply({ type: 'collected', arrivals, frames, closed });
  arrivals = [];
}

function answerAwaited() {
  if (!awaited) return;
  clearTimeout(awaited.timer);
  awaited = null;
  replyCollected();
}

function awaitDelivery(request: Extract<HolderRequest, { type: 'await' }>) {
  awaited = {
    seq: request.seq,
    expected: request.expected,
    timer: setTimeout(answerAwaited, request.timeoutMs),
  };
  if ((counts.get(request.seq) ?? 0) >= request.expected) answerAwaited();
}

/** Only a marker's first frame on a socket counts: a message also reaches its thread's preview, say. */
function watch(ws: WebSocket, member: number) {
  const seen = new Set<number>();
  ws.on('message', (raw: Buffer) => {
    const atMs = clockMs();
    frames += 1;
    const at = raw.indexOf(MARK);
    if (at < 0) return;
    const end = raw.indexOf(0x7e, at + MARK.length); // the closing '~'
    if (end < 0) return;
    const [to, seqText] = raw.toString('latin1', at + MARK.length, end).split(':');
    const seq = Number(seqText);
    if ((to !== '*' && Number(to) !== member) || seen.has(seq)) return;
    seen.add(seq);
    arrivals.push(seq, member, atMs);
    const count = (counts.get(seq) ?? 0) + 1;
    counts.set(seq, count);
    if (awaited?.seq === seq && count >= awaited.expected) answerAwaited();
  });
  ws.on('close', () => {
    closed += 1;
  });
}

async function open(request: Extract<HolderRequest, { type: 'open' }>) {
  const tokens = request.tokens.flatMap((t) => Array<string>(request.perToken).fill(t));
  const owners = request.owners.flatMap((n) => Array<number>(request.perToken).fill(n));
  const opened = await openSockets(request.baseUrl, tokens, request.watchShare);
  opened.forEach((ws, i) => {
    watch(ws, owners[i]);
  });
  sockets.push(...opened);
  reply({ type: 'opened', sockets: sockets.length });
}

process.on('message', (request: HolderRequest) => {
  if (request.type === 'open') {
    open(request).catch((err: Error) => reply({ type: 'failed', message: err.message }));
  } else if (request.type === 'collect') {
    replyCollected();
  } else if (request.type === 'settle') {
    globalThis.gc?.();
    reply({ type: 'settled' });
  } else if (request.type === 'await') {
    awaitDelivery(request);
  } else {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
});
