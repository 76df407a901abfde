import {
  type ApiErrorBody,
  type EndpointArgs,
  type EndpointName,
  type EndpointReply,
  type Endpoints,
  ErrorCode,
  endpointRequest,
  SIGNED_IN_COOKIE,
} from '@orbit/contract';

const API_BASE = '/api';

export { endpointRequest };

/** Every failed call becomes one typed error: HTTP status, the server's stable code, its message and body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: Partial<ApiErrorBody> | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Status 0 stands for "the request never got an answer" (offline, server down). */
export const NETWORK_ERROR = 'network_error';

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** The call never reached the server: the spec's texts say "oops" and the network message then (docs/product/README.md#errors). */
export const isOffline = (error: unknown) => isApiError(error) && error.code === NETWORK_ERROR;

type Query = Record<string, string | number | undefined>;

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  json?: unknown;
  form?: FormData;
  /** Public calls (sign-in, registration) do not mean "signed out" when they answer 401. */
  public?: boolean;
  /** Sent even if the page goes away meanwhile (a last word as the tab closes). */
  keepalive?: boolean;
}

/**
 * Whether this browser holds a session to ask with: the server keeps a readable mark beside the session's
 * httpOnly cookie. Without it the answer is known (signed out) and no call is made, so a signed-out page
 * logs no 401 (docs/decisions/0042).
 */
export const hasSessionMark = (cookies: string = document.cookie): boolean =>
  cookies.split(';').some((cookie) => cookie.trim().startsWith(`${SIGNED_IN_COOKIE}=`));

let onSignedOut: () => void = () => {};

/** The app decides what "signed out" means (show sign-in); the client only reports it. */
export function setSignedOutHandler(handler: () => void): void {
  onSignedOut = handler;
}

export function apiUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const init: RequestInit = {
    method: options.method ?? 'GET',
    credentials: 'include',
    headers: {},
    keepalive: options.keepalive,
  };
  if (options.json !== undefined) {
    init.body = JSON.stringify(options.json);
    init.headers = { 'content-type': 'application/json' };
  } else if (options.form) {
    init.body = options.form;
  }
  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), init);
  } catch (cause) {
    throw new ApiError(0, NETWORK_ERROR, (cause as Error).message, null);
  }
  const body = await readBody(response);
  if (response.ok) return body as T;
  const error = toApiError(response.status, body);
  // A wrong current password is a 401 too, but the session is fine.
  if (response.status === 401 && !options.public && error.code !== ErrorCode.incorrect_password)
    onSignedOut();
  throw error;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  const errorBody = typeof body === 'object' && body !== null ? (body as Partial<ApiErrorBody>) : null;
  return new ApiError(
    status,
    errorBody?.error ?? `http_${status}`,
    errorBody?.message ?? (typeof body === 'string' ? body : `HTTP ${status}`),
    errorBody,
  );
}

type CallOptions<N extends EndpointName> = EndpointArgs<Endpoints[N]> & {
  /** A 401 here does not mean "signed out" (sign-in, registration, the current password's check). */
  public?: boolean;
  /** Outlives the page: the request goes out even as the tab closes. */
  keepalive?: boolean;
};

/**
 * Calls one endpoint of the contract by name (docs/decisions/0035): its method and path come from the
 * declaration, and its params, query, body and answer are typed by the declaration's schemas.
 */
export function call<N extends EndpointName>(
  name: N,
  ...[options]: object extends CallOptions<N> ? [CallOptions<N>?] : [CallOptions<N>]
): Promise<EndpointReply<Endpoints[N]>> {
  const {
    params,
    query,
    body,
    form,
    public: isPublic,
    keepalive,
  } = (options ?? {}) as {
    params?: object;
    query?: Query;
    body?: unknown;
    form?: FormData;
    public?: boolean;
    keepalive?: boolean;
  };
  const { method, path } = endpointRequest(name, params);
  // A POST or PUT always sends a JSON body, {} when it has nothing to say (the server wants one).
  const json = form ? undefined : (body ?? (method === 'POST' || method === 'PUT' ? {} : undefined));
  return request(path, { method, query, json, form, public: isPublic, keepalive });
}
