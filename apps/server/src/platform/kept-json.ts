import { gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';

/** Below this, a kept answer is sent as it is: compressing saves too little to be worth a header. */
const COMPRESSED_FROM_CHARS = 1024;

/** What a client's Accept-Encoding allows of what a kept answer has; the header's usual values are few. */
const encodings = new Negotiator<'gzip' | 'identity'>({
  supportedValues: ['gzip', 'identity'],
  cache: new LRUCache<string, string>({ max: 100 }),
});

/**
 * An answer's JSON as its route's schema wrote it, kept to be sent again as it is (decision 0076). Sent a second
 * time, it is gzipped once, on zlib's threads rather than the event loop, and from then on goes compressed to
 * every client that accepts it (browsers do): a home of 150 stars is some 180 KB of JSON, a feed page tens, and
 * writing them to the socket was most of what serving them again cost. An answer sent once is never compressed.
 */
export class KeptJson {
  private sends = 0;
  private gzipped: Buffer | undefined;
  private compressing = false;

  constructor(readonly json: string) {}

  send(reply: FastifyReply): FastifyReply {
    this.sends += 1;
    if (this.sends > 1) this.compressOnce();
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    const accepted = encodings.negotiate(reply.request.headers['accept-encoding'] ?? '');
    if (this.gzipped && accepted === 'gzip') {
      return reply.header('content-encoding', 'gzip').send(this.gzipped);
    }
    // Already the schema's serialisation: Fastify sends a string as it is.
    return reply.send(this.json as never);
  }

  private compressOnce(): void {
    if (this.gzipped || this.compressing || this.json.length < COMPRESSED_FROM_CHARS) return;
    this.compressing = true;
    gzip(this.json, (err, buffer) => {
      this.compressing = false;
      // A failure leaves the answer uncompressed, which every client takes; a later send tries again.
      if (!err) this.gzipped = buffer;
    });
  }
}

/**
 * Answers for a kept read (a home, a history served again as the same object): each answer's JSON is written
 * by its route's schema once, at its first send, and kept with the answer for every later one.
 */
export function keptJsonReplies(): (reply: FastifyReply, answer: object) => FastifyReply {
  const written = new WeakMap<object, KeptJson>();
  return (reply, answer) => {
    let kept = written.get(answer);
    if (kept === undefined) {
      kept = new KeptJson(reply.serialize(answer) as string);
      written.set(answer, kept);
    }
    return kept.send(reply);
  };
}
