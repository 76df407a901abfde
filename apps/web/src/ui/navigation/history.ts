import { type DialogEntry, type DialogView, useDialogStore } from '../dialogStore';
import { parseRoutePath, type Route, type RouteArities, routePath } from './routes';

/** A kind of view that can be addressed: how many ids it takes and the view they open. */
export interface Address {
  kind: string;
  ids: number;
  view: (ids: readonly number[]) => DialogView;
}

/**
 * The dialog stack kept in the address and the browser's history (docs/decisions/0042). The store stays the
 * truth the screens follow: each change made in the app is written to the history (a view opened is a new
 * entry, one closed goes back), and the browser's Back and Forward, a reload and a link are mapped back onto
 * the store. Every entry of the stack is a history entry, so Back pops one step (docs/product/home-and-stars.md#shell); each history entry
 * carries its depth in the stack, and the path names the addressed views among them. The first entry is
 * home, so Back from a link never leaves the app.
 */
interface Mark {
  orbitDepth: number;
}

const depthOf = (state: unknown): number | null =>
  typeof state === 'object' && state !== null && typeof (state as Mark).orbitDepth === 'number'
    ? (state as Mark).orbitDepth
    : null;
const mark = (depth: number): Mark => ({ orbitDepth: depth });

const routesOf = (stack: readonly DialogEntry[]): Route[] =>
  stack.flatMap((entry) => (entry.route ? [entry.route] : []));
const pathOf = (stack: readonly DialogEntry[]) => routePath(routesOf(stack));

// history.go() lands later, with a popstate of its own: what the app writes meanwhile waits for it, and that
// popstate is the app's own step, not the member's.
let traversals = 0;
const waiting: (() => void)[] = [];

function write(step: () => void): void {
  if (traversals > 0) waiting.push(step);
  else step();
}

function go(delta: number): void {
  if (delta === 0) return;
  write(() => {
    traversals += 1;
    window.history.go(delta);
  });
}

function pushEntries(stack: readonly DialogEntry[], from: number): void {
  for (let depth = from + 1; depth <= stack.length; depth += 1) {
    const path = pathOf(stack.slice(0, depth));
    write(() => window.history.pushState(mark(depth), '', path));
  }
}

/** Writes a change made in the app: the entries closed are gone back over, the ones opened pushed. */
function writeChange(stack: readonly DialogEntry[], previous: readonly DialogEntry[]): void {
  let common = 0;
  while (common < Math.min(stack.length, previous.length) && stack[common].id === previous[common].id)
    common += 1;
  const closed = previous.length - common;
  if (closed > 0 && stack.length > common) {
    // One view swapped for another takes its history entry.
    go(-(closed - 1));
    const path = pathOf(stack.slice(0, common + 1));
    write(() => window.history.replaceState(mark(common + 1), '', path));
    pushEntries(stack, common + 1);
  } else {
    go(-closed);
    pushEntries(stack, common);
  }
}

let addresses: ReadonlyMap<string, Address> = new Map();

const arities = (): RouteArities =>
  Object.fromEntries([...addresses.values()].map((address) => [address.kind, address.ids]));

function viewOf(route: Route): DialogView {
  const address = addresses.get(route.kind);
  if (!address) throw new Error(`No address for ${route.kind}`);
  return address.view(route.ids);
}

const startsWith = (routes: readonly Route[], prefix: readonly Route[]) =>
  prefix.length <= routes.length && routePath(routes.slice(0, prefix.length)) === routePath(prefix);

/**
 * Maps the history entry now shown (its depth and path) onto the store: the entries under its depth that its
 * path still names stay, the rest is rebuilt from the path, each screen fetching its own data as when opened.
 */
async function followEntry(depth: number): Promise<void> {
  const target = parseRoutePath(window.location.pathname, arities());
  const { stack, rebuild } = useDialogStore.getState();
  let keep = Math.min(depth, stack.length);
  if (!startsWith(target, routesOf(stack.slice(0, keep)))) keep = 0;
  const views = target.slice(routesOf(stack.slice(0, keep)).length).map(viewOf);
  if (!(await rebuild(keep, views))) {
    // A view chose to stay (an edit that could not be saved): the history goes back to showing it.
    if (depth < stack.length) go(stack.length - depth);
    else window.history.replaceState(mark(stack.length), '', pathOf(stack));
    return;
  }
  const length = useDialogStore.getState().stack.length;
  // Views without an address (a form) are not rebuilt: the entry now counts what is shown.
  if (length !== depth) write(() => window.history.replaceState(mark(length), '', window.location.pathname));
}

function onPopState(event: PopStateEvent): void {
  if (traversals > 0) {
    traversals -= 1;
    while (traversals === 0 && waiting.length > 0) waiting.shift()?.();
    return;
  }
  void followEntry(depthOf(event.state) ?? 0);
}

/**
 * Opens what the address names and keeps the history in step from now on. A page opened from a link or
 * typed in starts with home as its first entry and one entry per view; a reload or a return from another
 * site finds its entries in place and only rebuilds the stack. Returns the stop.
 */
export function startNavigation(table: readonly Address[]): () => void {
  addresses = new Map(table.map((address) => [address.kind, address]));
  const depth = depthOf(window.history.state);
  if (depth === null) {
    const views = parseRoutePath(window.location.pathname, arities()).map(viewOf);
    window.history.replaceState(mark(0), '', '/');
    const { push } = useDialogStore.getState();
    for (const view of views) push(view);
    pushEntries(useDialogStore.getState().stack, 0);
  } else {
    void followEntry(depth);
  }
  const stopWriting = useDialogStore.subscribe((state, previous) => {
    if (state.stack !== previous.stack && !state.fromHistory) writeChange(state.stack, previous.stack);
  });
  window.addEventListener('popstate', onPopState);
  return () => {
    stopWriting();
    window.removeEventListener('popstate', onPopState);
    // A step still on its way is no longer followed (signed out): nothing waits for it.
    traversals = 0;
    waiting.length = 0;
  };
}
