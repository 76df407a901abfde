import {
  CallIdParams,
  CallMediaBody,
  CallSessionState,
  CallStartBody,
  CallStarted,
  Ok,
  PrivateCallSession,
} from '../schemas';
import { endpoints, perMinute } from './define';
import { CALL_ROUTES } from './routes';

/** A call that is not there or not the caller's, over, full; the media server away (503). */
const IN_CALL = [
  'no_such_call',
  'not_in_call',
  'not_invited',
  'call_ended',
  'call_full',
  'media_unavailable',
  'forbidden',
  'not_found',
] as const;

export const CALL_ENDPOINTS = endpoints('calls', CALL_ROUTES, {
  startCall: {
    rateLimit: perMinute(30),
    body: CallStartBody,
    response: CallStarted,
    errors: [
      ...IN_CALL,
      'not_a_member',
      'call_target',
      'call_yourself',
      'not_friends',
      'blocked',
      'no_such_thread',
      'not_in_group',
    ],
  },
  privateCall: { params: CallIdParams, response: PrivateCallSession, errors: IN_CALL },
  callSession: { params: CallIdParams, response: CallSessionState, errors: IN_CALL },
  callMedia: {
    rateLimit: perMinute(120),
    params: CallIdParams,
    body: CallMediaBody,
    response: Ok,
    errors: IN_CALL,
  },
  leaveCall: { rateLimit: perMinute(120), params: CallIdParams, response: Ok, errors: IN_CALL },
  rejectCall: { rateLimit: perMinute(120), params: CallIdParams, response: Ok, errors: IN_CALL },
});
