/**
 * The address of a dialog stack (docs/decisions/0042): each view that can be addressed is a kind and its
 * ids, written one after another in the path, so /community/12/member/7 is a member opened from a community.
 * Views without a route (forms, confirmations) add nothing to the path; home is /.
 */
export interface Route {
  kind: string;
  ids: readonly number[];
}

/** How many ids each kind takes; a kind not listed is not part of an address. */
export type RouteArities = Readonly<Record<string, number>>;

export function routePath(routes: readonly Route[]): string {
  return `/${routes.flatMap((route) => [route.kind, ...route.ids.map(String)]).join('/')}`;
}

const isId = (segment: string | undefined): segment is string =>
  segment !== undefined && /^[1-9]\d{0,15}$/.test(segment);

/**
 * The routes a path names, read from the left; reading stops at the first segment that is not a known kind
 * followed by its ids, so a mistyped or outdated link opens as much of the stack as it still names.
 */
export function parseRoutePath(path: string, arities: RouteArities): Route[] {
  const segments = path.split('/').filter(Boolean);
  const routes: Route[] = [];
  let at = 0;
  while (at < segments.length) {
    const kind = segments[at];
    const arity = Object.hasOwn(arities, kind) ? arities[kind] : undefined;
    if (arity === undefined) break;
    const ids = segments.slice(at + 1, at + 1 + arity);
    if (ids.length < arity || !ids.every(isId)) break;
    routes.push({ kind, ids: ids.map(Number) });
    at += 1 + arity;
  }
  return routes;
}

export const sameRoutes = (a: readonly Route[], b: readonly Route[]): boolean =>
  routePath(a) === routePath(b);
