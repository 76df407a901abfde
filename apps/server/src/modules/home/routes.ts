import { ENDPOINTS } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import type { App } from '../../platform/http';
import { route } from '../../platform/route';
import { profiles } from './service';

export async function homeRoutes(app: App, deps: AppDeps) {
  // A home served again is the same object (HomeCache): its JSON is written once, not at every read.
  const homeJson = new WeakMap<object, string>();
  route(app, ENDPOINTS.profiles, {}, async (request, reply) => {
    const home = await profiles(deps, me(request).userId);
    let json = homeJson.get(home);
    if (json === undefined) {
      json = reply.serialize(home) as string;
      homeJson.set(home, json);
    }
    // Already the schema's serialisation: Fastify sends a string as it is.
    return reply.type('application/json; charset=utf-8').send(json as never);
  });
}
