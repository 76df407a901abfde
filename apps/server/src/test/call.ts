import {
  type ApiErrorBody,
  type EndpointArgs,
  type EndpointName,
  type EndpointReply,
  type Endpoints,
  endpointRequest,
} from '@orbit/contract';
import type { App } from '../platform/http';

type Query = Record<string, string | number | boolean | undefined>;

/** Who calls: a member's headers (a TestUser), or none for a public call. */
type Caller = { headers?: Record<string, string> };

type CallArgs<N extends EndpointName> = EndpointArgs<Endpoints[N]> & Caller;

/**
 * What a call answers: the injected response, its `json()` typed by the endpoint's declared response (a
 * refusal's body reads `error` and `message` through the same call).
 */
export type Called<N extends EndpointName> = Omit<Awaited<ReturnType<App['inject']>>, 'json'> & {
  json(): EndpointReply<Endpoints[N]> & Partial<ApiErrorBody>;
};

/**
 * Calls one endpoint of the contract by its declared name in a test (issue 29): its method and path come
 * from the declaration, and its params, query, body and answer are typed by the declaration's schemas, so a
 * renamed endpoint or field fails the typecheck: `call(app, 'communityFeed', { params: { id }, headers })`.
 * Multipart uploads keep `app.inject` with their form.
 */
export async function call<N extends EndpointName>(
  app: App,
  name: N,
  ...[args]: object extends CallArgs<N> ? [CallArgs<N>?] : [CallArgs<N>]
): Promise<Called<N>> {
  const { params, query, body, headers } = (args ?? {}) as {
    params?: object;
    query?: Query;
    body?: unknown;
    headers?: Record<string, string>;
  };
  const { method, path } = endpointRequest(name, params);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const url = `/api${path}${search.size > 0 ? `?${search}` : ''}`;
  // A POST or PUT always sends a JSON body, {} when it has nothing to say, as the web's `call` does.
  const payload = body ?? (method === 'POST' || method === 'PUT' ? {} : undefined);
  return (await app.inject({ method, url, headers, payload: payload as object | undefined })) as Called<N>;
}

/** Input the declaration refuses, sent on purpose to see the server refuse it: `query: unchecked({ days: 'week' })`. */
export const unchecked = (value: unknown): never => value as never;
