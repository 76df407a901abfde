import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
type Counter = (
  store: FastifyRateLimitStore,
  key: string,
  cb: Callback,
  timeWindow: number,
  max: number,
) => void;

/** incr counts the request; read (the sign-in limit's look before it counts a failure) only looks. */
const incr: Counter = (store, ...args) => store.incr(...args);
const read: Counter = (store, ...args) => (store as ReadableStore).read(...args);
type ReadableStore = FastifyRateLimitStore & { read: FastifyRateLimitStore['incr'] };

/**
 * Counters shared in Redis while it answers, this instance's own while it does not: a Redis outage loosens
 * the limits to one budget per instance for its duration, and never turns a request into a 5xx.
 */
class SharedOrLocalStore {
  constructor(
    private readonly shared: FastifyRateLimitStore,
    private readonly local: FastifyRateLimitStore,
    private readonly redis: Redis,
  ) {}

  incr(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.count(incr, key, cb, timeWindow, max);
  }

  read(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.count(read, key, cb, timeWindow, max);
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): SharedOrLocalStore {
    return new SharedOrLocalStore(
      this.shared.child(routeOptions),
      this.local.child(routeOptions),
      this.redis,
    );
  }

  private count(how: Counter, key: string, cb: Callback, timeWindow: number, max: number): void {
    // Not connected: ioredis would queue the command and fail it only after its retries.
    if (this.redis.status !== 'ready') {
      how(this.local, key, cb, timeWindow, max);
      return;
    }
    how(
      this.shared,
      key,
      (err, result) => (err ? how(this.local, key, cb, timeWindow, max) : cb(null, result)),
      timeWindow,
      max,
    );
  }
}

/** The `store` option of @fastify/rate-limit: counters in Redis under `nameSpace`, per instance as fallback. */
export function sharedOrLocalStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  return class {
    /** The plugin hands its settings, with these two flags among them. */
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const { continueExceeding = false, exponentialBackoff = false } = options;
      // biome-ignore lint/correctness/noConstructorReturn: the plugin builds its store with `new`.
      return new SharedOrLocalStore(
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff),
        redis,
      ) as unknown as FastifyRateLimitStore;
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
