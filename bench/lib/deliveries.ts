import type { Measurement } from './measure';
import { type Arrival, clockMs, deliveryMarker, type SocketHolder } from './socket-holder';
import { deliveryMeasurement } from './sockets';

/** Where a timed send goes: the server, the sender's headers, and the holder of the sockets it reaches. */
export interface DeliveryRun {
  baseUrl: string;
  senderHeaders: Record<string, string>;
  holder: SocketHolder;
  /** The sockets the holder opened. */
  sockets: number;
}

/** A kind of timed send: what it posts, whose sockets it reaches, and how it is reported. */
export interface Delivery {
  /** `{n}` is replaced by the run's socket count. */
  label: string;
  reportedPath: string;
  warmup: number;
  timed: number;
  /** Its markers start here, so that a late frame of another kind is never taken for one of these. */
  firstSeq: number;
  expected: (run: DeliveryRun) => number;
  timeoutMs: number;
  /** The request whose frames carry marker `seq` (deliveryMarker). */
  send: (seq: number) => { path: string; body: unknown };
}

/** A community post by the sender, timed on every socket the holder keeps (all of them are members). */
export function communityPost(
  communityId: number,
  counts: { warmup: number; timed: number; timeoutMs: number },
): Delivery {
  return {
    label: 'post_to_{n}_sockets',
    reportedPath: '/api/community/feed -> COMMUNITY_POST NEW on every member socket',
    ...counts,
    firstSeq: 0,
    expected: (run) => run.sockets,
    send: (seq) => ({
      path: '/api/community/feed',
      body: { community_id: communityId, message: `Fan-out ${deliveryMarker('*', seq)}` },
    }),
  };
}

/**
 * POSTs as the sender and resolves with the latency of each arrival of marker `seq`, from before the POST
 * to the holder's reading of the frame: both on the machine's monotonic clock.
 */
async function sendAndTime(
  run: DeliveryRun,
  send: { path: string; body: unknown; seq: number; expected: number; timeoutMs: number },
): Promise<number[]> {
  // A collection in the holder pauses it and sweeps on beside the server afterwards: worth it before thousands
  // of frames (decision 0090), not before one (a private message's p99 went from 8 to 40 ms).
  if (send.expected > 1) await run.holder.settle();
  const start = clockMs();
  const res = await fetch(`${run.baseUrl}${send.path}`, {
    method: 'POST',
    headers: { ...run.senderHeaders, 'content-type': 'application/json' },
    body: JSON.stringify(send.body),
  });
  if (!res.ok) throw new Error(`POST ${send.path} answered ${res.status}: ${await res.text()}`);
  const arrivals: Arrival[] = await run.holder.arrivalsOf(send.seq, send.expected, send.timeoutMs);
  return arrivals.map((a) => a.atMs - start);
}

/**
 * Runs the delivery's untimed sends, then its timed ones, one after another: p50/p99 over every arrival of
 * the timed ones, and those that never came counted as missed.
 */
export async function measureDelivery(run: DeliveryRun, delivery: Delivery): Promise<Measurement> {
  const expected = delivery.expected(run);
  const sendOne = (n: number) => {
    const seq = delivery.firstSeq + n;
    return sendAndTime(run, { ...delivery.send(seq), seq, expected, timeoutMs: delivery.timeoutMs });
  };
  for (let n = 0; n < delivery.warmup; n++) await sendOne(n);
  const latencies: number[] = [];
  let missed = 0;
  const started = clockMs();
  for (let n = delivery.warmup; n < delivery.warmup + delivery.timed; n++) {
    const times = await sendOne(n);
    latencies.push(...times);
    missed += expected - times.length;
  }
  return deliveryMeasurement(
    {
      label: delivery.label.replace('{n}', String(run.sockets)),
      method: 'POST',
      path: delivery.reportedPath,
    },
    { latencies, missed, seconds: (clockMs() - started) / 1000 },
  );
}
