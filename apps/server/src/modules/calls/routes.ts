import { ENDPOINTS } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import type { App } from '../../platform/http';
import { route } from '../../platform/route';
import {
  callSessionState,
  leaveCall,
  privateCallSession,
  rejectCall,
  setCallMedia,
  startCall,
} from './service';

/**
 * Calls: one starts with a community or a list of attendees, and the call screen reads the room's address
 * and credentials from the call (docs/product/calls-and-lessons.md#call-start).
 */
export async function callsRoutes(app: App, deps: AppDeps) {
  route(app, ENDPOINTS.startCall, {}, async (request) => startCall(deps, me(request).userId, request.body));

  route(app, ENDPOINTS.privateCall, {}, async (request) =>
    privateCallSession(deps, me(request).userId, request.params.id),
  );

  route(app, ENDPOINTS.callSession, {}, async (request) =>
    callSessionState(deps, me(request).userId, request.params.id),
  );

  route(app, ENDPOINTS.callMedia, {}, async (request) =>
    setCallMedia(deps, me(request).userId, request.params.id, request.body),
  );

  route(app, ENDPOINTS.leaveCall, {}, async (request) =>
    leaveCall(deps, me(request).userId, request.params.id),
  );

  route(app, ENDPOINTS.rejectCall, {}, async (request) =>
    rejectCall(deps, me(request).userId, request.params.id),
  );
}
