import {
  CallIdParams,
  CallMediaBody,
  CallSessionState,
  CallStartBody,
  CallStarted,
  ErrorResponse,
  Ok,
  PrivateCallSession,
} from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import { type App, rateLimit } from '../../platform/http';
import {
  callSessionState,
  leaveCall,
  privateCallSession,
  rejectCall,
  setCallMedia,
  startCall,
} from './service';

const tags = ['calls'];
const refusals = { '4xx': ErrorResponse, 503: ErrorResponse };

/** Calls (002 §7): start, the room's session, the call's state; answering, media changes and leaving. */
export async function callsRoutes(app: App, deps: AppDeps) {
  const f = deps.config.rateLimitFactor;
  const starting = { rateLimit: rateLimit(f, 30) };
  const answering = { rateLimit: rateLimit(f, 120) };

  app.post(
    '/call/start',
    { config: starting, schema: { tags, body: CallStartBody, response: { 200: CallStarted, ...refusals } } },
    async (request) => startCall(deps, me(request).userId, request.body),
  );

  app.get(
    '/private-call/:id',
    { schema: { tags, params: CallIdParams, response: { 200: PrivateCallSession, ...refusals } } },
    async (request) => privateCallSession(deps, me(request).userId, request.params.id),
  );

  app.get(
    '/session/:id',
    { schema: { tags, params: CallIdParams, response: { 200: CallSessionState, ...refusals } } },
    async (request) => callSessionState(deps, me(request).userId, request.params.id),
  );

  app.post(
    '/call/:id/media',
    {
      config: answering,
      schema: { tags, params: CallIdParams, body: CallMediaBody, response: { 200: Ok, ...refusals } },
    },
    async (request) => setCallMedia(deps, me(request).userId, request.params.id, request.body),
  );

  app.post(
    '/call/:id/leave',
    { config: answering, schema: { tags, params: CallIdParams, response: { 200: Ok, ...refusals } } },
    async (request) => leaveCall(deps, me(request).userId, request.params.id),
  );

  app.post(
    '/call/:id/reject',
    { config: answering, schema: { tags, params: CallIdParams, response: { 200: Ok, ...refusals } } },
    async (request) => rejectCall(deps, me(request).userId, request.params.id),
  );
}
