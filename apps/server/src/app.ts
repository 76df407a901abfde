import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimitPlugin from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import websocket from '@fastify/websocket';
import { LIMITS } from '@orbit/contract';
import Fastify, { type FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import type { AppDeps } from './deps';
import { modules } from './modules';
import { sessionCookieOptions } from './platform/auth/cookies';
import { registerAuthGuard } from './platform/auth/guard';
import type { ErrorCodeCheck } from './platform/error-check';
import { frameworkErrors, registerErrorHandlers } from './platform/errors';
import { type App, BODY_LIMITS } from './platform/http';
import { registerInputGuard } from './platform/input-guard';
import { loggerOptions } from './platform/logging';
import { closeConnectionsWhileDraining, registerOperationsRoutes } from './platform/ops';
import { sharedOrLocalStore } from './platform/rate-limit-store';
import { registerSecurityHeaders } from './platform/security-headers';

export interface RouteSummary {
  method: string;
  url: string;
  public: boolean;
  /** It reads a multipart form (its files are limited by the parser, not by bodyLimit). */
  multipart: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with whether it answers without a session: walked by the auth test. */
    routeList: RouteSummary[];
  }
}

export interface BuildOptions {
  /** false: silent (tests); a stream: the server's logger writing there. */
  logger?: false | { stream: DestinationStream };
  /** Shared rate-limit counters across instances (each instance's own while Redis is away). */
  redis?: Redis | null;
  /** The test suite's check of each refusal's code against its route's declaration (error-check.ts). */
  errorCheck?: ErrorCodeCheck;
}

/**
 * Whose budget a request spends. A public route (sign-in, registration) answers without a session, so it is
 * limited per client address even when a session comes along: otherwise each token a client holds would
 * open a fresh budget. Other routes are limited per member, whatever address they come from.
 */
function rateLimitKey(request: FastifyRequest): string {
  if (request.auth && !request.routeOptions.config?.public) return `u${request.auth.userId}`;
  return `ip${request.ip}`;
}

/**
 * Fastify's own number form trusts nothing (it cannot tell a proxy from a client that writes the header),
 * so a hop count becomes the function proxy-addr would build: that many nearest addresses are proxies.
 */
function trustedProxies(
  setting: Config['trustProxy'],
): boolean | string[] | ((_: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/** Builds the HTTP app: plugins, then one register per module. Nothing here listens or migrates. */
export async function buildApp(deps: AppDeps, opts: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger: opts.logger === false ? false : { ...loggerOptions(deps.config.logLevel), ...opts.logger },
    trustProxy: trustedProxies(deps.config.trustProxy),
    // Routes that take more (the JSON-image uploads) say so themselves; multipart files have their own cap.
    bodyLimit: BODY_LIMITS.json,
    frameworkErrors,
    // A request that arrives on an open connection while the instance drains is answered, not refused with a
    // 503 (Fastify still closes that connection after it): the drain turns no request into an error.
    return503OnClosing: false,
    ajv: {
      // strictNumbers: a JSON 1e309 (Infinity) is not a number; coerced strings are left to the input guard.
      customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false, strictNumbers: true },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Before any route: route() scales each declared rate limit by it (docs/decisions/0060).
  app.decorate('rateLimitFactor', deps.config.rateLimitFactor);
  registerErrorHandlers(app);
  registerInputGuard(app);
  const { errorCheck } = opts;
  if (errorCheck) {
    app.addHook('onSend', async (request, reply, payload) => {
      errorCheck.check(request, reply, payload);
      return payload;
    });
  }
  // Before any route: each route's meter is bound to it as it is declared (decision 0055).
  deps.ops.metrics?.http.install(app);
  const routeList: RouteSummary[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        routeList.push({
          method,
          url: route.url,
          public: Boolean(route.config?.public),
          multipart: [route.schema?.consumes ?? []].flat().includes('multipart/form-data'),
        });
    }
  });
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Persona images of types 3 and 4 are URLs on other sites (docs/product/account-and-safety.md#persona).
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie);
  await app.register(multipart, {
    limits: { fileSize: LIMITS.uploadBytes, files: LIMITS.uploadFilesPerPick },
  });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(rateLimitPlugin, {
    global: false,
    // Before the body is read: a refused oversized body (413) still counts against the route's limit.
    hook: 'onRequest',
    store: opts.redis ? sharedOrLocalStore(opts.redis, 'orbit-rl-') : undefined,
    keyGenerator: rateLimitKey,
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Orbit API',
        version: '1.0.0',
        description: 'Every call of the Orbit web app, under /api.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'session' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ session: [] }, { bearer: [] }],
    },
  });
  closeConnectionsWhileDraining(app as App, deps.ops);
  registerAuthGuard(app, {
    db: deps.db,
    sessions: deps.sessions,
    publicUrl: deps.config.publicUrl,
    cookies: sessionCookieOptions(deps.config),
  });

  await app.register(
    async (api) => {
      api.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () =>
        app.swagger(),
      );
      registerOperationsRoutes(api as App, deps.ops, deps.config.metricsToken);
      for (const register of modules) await register(api as App, deps);
      deps.realtime.registerRoutes(api);
    },
    { prefix: '/api' },
  );

  registerWebApp(app, deps.config.webDist, deps.config.sourceMaps);
  return app as App;
}

/**
 * Serves the built SPA: its files, and index.html for any other GET outside /api. Source maps (the app's
 * readable source) only when SOURCE_MAPS is set: a build made with them for debugging does not publish them.
 */
/**
 * The service worker and what it reads at registration are checked for a new build on every visit: never
 * kept by a cache (an old sw.js would keep serving an old app), and the manifest with its own type.
 */
const REVALIDATED_FILES = new Set(['/sw.js', '/registerSW.js', '/manifest.webmanifest']);

function registerWebApp(app: App, webDist: string | null, sourceMaps: boolean): void {
  if (!webDist || !fs.existsSync(path.join(webDist, 'index.html'))) return;
  // serve: false: the catch-all below sends files itself, so no unguarded per-file routes exist.
  app.register(fastifyStatic, { root: webDist, serve: false });
  const indexHtml = fs.readFileSync(path.join(webDist, 'index.html'));
  app.get('/*', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    // The router has already refused a path that is not valid percent-encoding (frameworkErrors).
    const rel = decodeURIComponent(request.url.split('?')[0]);
    if (rel.startsWith('/api/') || (!sourceMaps && rel.endsWith('.map'))) {
      return reply.status(404).send({ error: 'not_found', message: `No route ${request.method} ${rel}` });
    }
    const file = path.join(webDist, rel);
    if (file.startsWith(webDist) && rel !== '/' && fs.existsSync(file) && fs.statSync(file).isFile()) {
      if (!REVALIDATED_FILES.has(rel)) return reply.sendFile(rel);
      if (rel.endsWith('.webmanifest')) reply.type('application/manifest+json');
      return reply.header('cache-control', 'no-cache').sendFile(rel, { cacheControl: false });
    }
    return reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml);
  });
}
