import type { FastifyReply } from 'fastify';

/**
 * Answers for a kept read (a home, a history served again as the same object): each answer's JSON is written
 * by its route's schema once, at its first send, and sent as it is at every later one.
 */
export function keptJsonReplies(): (reply: FastifyReply, answer: object) => FastifyReply {
  const written = new WeakMap<object, string>();
  return (reply, answer) => {
    let json = written.get(answer);
    if (json === undefined) {
      json = reply.serialize(answer) as string;
      written.set(answer, json);
    }
    // Already the schema's serialisation: Fastify sends a string as it is.
    return reply.type('application/json; charset=utf-8').send(json as never);
  };
}
