import { createRequire } from 'node:module';

/**
 * autocannon 9 keeps every response's body as a string (`body += chunk` in its pipelined-requests queue),
 * decoding each byte as UTF-8 though nothing here reads a body: a CPU profile of the bench process during
 * `home` (a 150-star home, some 20 KB gzipped) put 56 % of its samples in V8's UTF-8 decoder, and the
 * generator, not the server, was the limit (the bench at 97 % of a core, the server at 78 %). Bodies are
 * dropped instead, so every read is measured against what the server does (decision 0091).
 */
const require = createRequire(import.meta.url);
const queue = require('autocannon/lib/pipelinedRequestsQueue.js') as {
  prototype: { addBody(data: unknown): void };
};
queue.prototype.addBody = () => {};
