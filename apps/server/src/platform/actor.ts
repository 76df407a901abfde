import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The member whose request is running: route() sets it around each signed-in handler, and every unit of work
 * started within reads it, so that the events it causes are that member's (docs/decisions/0046: a member's
 * events never reach a member who blocked them). Background work (sweeps, digests) runs with none.
 */
const acting = new AsyncLocalStorage<number>();

export function actingAs<T>(userId: number, run: () => T): T {
  return acting.run(userId, run);
}

export function currentActor(): number | undefined {
  return acting.getStore();
}
