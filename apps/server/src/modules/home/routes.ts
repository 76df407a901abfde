import { ENDPOINTS } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import type { App } from '../../platform/http';
import { keptJsonReplies } from '../../platform/kept-json';
import { route } from '../../platform/route';
import { profiles } from './service';

export async function homeRoutes(app: App, deps: AppDeps) {
  // A home served again is the same object (HomeCache): its JSON is written once, not at every read.
  const sendHome = keptJsonReplies();
  route(app, ENDPOINTS.profiles, {}, async (request, reply) =>
    sendHome(reply, await profiles(deps, me(request).userId)),
  );
}
