import { ErrorCode } from '@orbit/contract';
import { isApiError } from '../../api/client';
import { refusedWith } from '../../api/errors';

/** Why a call could not open: no media server, a full call, or another failure. */
export type CallRefusal = 'unavailable' | 'full' | 'failed';

export function refusalOf(error: unknown): CallRefusal {
  if (isApiError(error, 503)) return 'unavailable';
  if (refusedWith(error, ErrorCode.call_full)) return 'full';
  return 'failed';
}
