import type { EventData, EventSubtypeOf, EventType } from '@orbit/contract';

/** Test support: a realtime envelope as the server sends it, its data typed by the contract's event catalogue. */
export function envelope<T extends EventType, S extends EventSubtypeOf<T>>(
  type: T,
  subtype: S,
  data: EventData<T, S>,
  id = 1,
) {
  return { id, type, subtype, ts: '', data };
}
