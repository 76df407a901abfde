/** The push module's entry: what other modules may use of it (docs/decisions/0033, 0053). */

export { pushAccount } from './account';
export type { PushCause } from './presenter';
export { hasLiveDeviceSql, type PushTo } from './queue';
export { type CommunityPush, queueCommunityPush, queuePushes, withdrawPushes } from './service';
export { PUSH_POLL_MS, PushOutbox, type PushReport } from './worker';
