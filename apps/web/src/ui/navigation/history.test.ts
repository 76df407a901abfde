// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDialogStore } from '../dialogStore';
import { type Address, startNavigation } from './history';

const thing = (id: number) => ({
  title: `thing ${id}`,
  route: { kind: 'thing', ids: [id] },
  render: () => null,
});
const ADDRESSES: Address[] = [{ kind: 'thing', ids: 1, view: ([id]) => thing(id) }];
const titles = () => useDialogStore.getState().stack.map((entry) => entry.title);
const { push, back, hide } = useDialogStore.getState();

/** The browser's Back or Forward, and what it led to. */
async function traverse(delta: number): Promise<void> {
  const landed = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
  window.history.go(delta);
  await landed;
}

let stop: () => void;

beforeEach(() => {
  window.history.replaceState(null, '', '/thing/4/thing/5');
  stop = startNavigation(ADDRESSES);
});

afterEach(async () => {
  stop();
  await hide();
});

describe('the dialog stack in the history', () => {
  it('opens a link with home under it, and Back goes down to home, not out', async () => {
    expect(titles()).toEqual(['thing 4', 'thing 5']);
    expect(window.location.pathname).toBe('/thing/4/thing/5');
    await traverse(-1);
    await vi.waitFor(() => expect(titles()).toEqual(['thing 4']));
    expect(window.location.pathname).toBe('/thing/4');
    await traverse(-1);
    await vi.waitFor(() => expect(titles()).toEqual([]));
    expect(window.location.pathname).toBe('/');
    await traverse(1);
    await vi.waitFor(() => expect(titles()).toEqual(['thing 4']));
  });

  it('writes what the app opens and closes, a view without an address at its parent path', async () => {
    push({ title: 'form', render: () => null });
    expect(window.location.pathname).toBe('/thing/4/thing/5');
    expect(window.history.state).toEqual({ orbitDepth: 3 });
    push(thing(6));
    expect(window.location.pathname).toBe('/thing/4/thing/5/thing/6');
    await back();
    await vi.waitFor(() => expect(window.history.state).toEqual({ orbitDepth: 3 }));
    expect(titles()).toEqual(['thing 4', 'thing 5', 'form']);
    await traverse(-1);
    await vi.waitFor(() => expect(titles()).toEqual(['thing 4', 'thing 5']));
  });

  it('rebuilds the stack on a reload, leaving the history as it is', async () => {
    stop();
    useDialogStore.setState({ stack: [] });
    const length = window.history.length;
    stop = startNavigation(ADDRESSES);
    await vi.waitFor(() => expect(titles()).toEqual(['thing 4', 'thing 5']));
    expect(window.history.length).toBe(length);
  });
});
