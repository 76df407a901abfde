import { isApiError } from '../../api/client';

/** Why a call could not open: no media server, a full call, or another failure. */
export type CallRefusal = 'unavailable' | 'full' | 'failed';

export function refusalOf(error: unknown): CallRefusal {
  if (isApiError(error, 503)) return 'unavailable';
  if (isApiError(error, 409) && error.code === 'call_full') return 'full';
  return 'failed';
}
