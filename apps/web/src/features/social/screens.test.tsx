// @vitest-environment jsdom
import { Mood } from '@orbit/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../api/keys';
import type { Profiles } from '../../api/types';
import { open, registerPlaces } from '../../app/places';
import { buttonCase } from '../../i18n/casing';
import { T } from '../../i18n/texts';
import { useDialogStore } from '../../ui/dialogStore';
import { usePopupStore } from '../../ui/popup';
import { MoodPicker } from './MoodPicker';
import { PrivateRequestView } from './PrivateRequestView';
import { socialPlaces } from './places';
import { TagEditor } from './TagEditor';

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** A fetch stand-in answering by path; every call is kept for the assertions. */
function stubApi(answers: Record<string, unknown>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = new URL(url, 'http://orbit.test').pathname;
    calls.push({
      method: init.method ?? 'GET',
      path,
      body: init.body ? JSON.parse(String(init.body)) : null,
    });
    return new Response(JSON.stringify(answers[path] ?? {}), {
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

const me = { user_id: 1, screen_name: 'me', gojimoji: { mood: null, tags: [] }, tag_notes: '' };

function renderWithMe(ui: ReactNode) {
  // The profiles stay as given: the screens read the member from them and must not refetch them here.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } },
  });
  queryClient.setQueryData(queryKeys.profiles, { user_profile: me, stars: [] } as unknown as Profiles);
  render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
}

const persona = (userId: number) => ({
  user_id: userId,
  screen_name: 'sam',
  is_friend: false,
  direction: null,
});

describe('private request', () => {
  // The form opens the member's page by name, through social's own openers as the app registers them.
  beforeAll(() => registerPlaces(socialPlaces));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    usePopupStore.getState().close();
    useDialogStore.setState({ stack: [] });
  });

  const fill = (name: string, message: string) => {
    fireEvent.change(screen.getByLabelText(T.personaName), { target: { value: name } });
    fireEvent.change(screen.getByLabelText(T.requestMessage), { target: { value: message } });
    fireEvent.click(screen.getByRole('button', { name: buttonCase(T.sendRequest) }));
  };

  it('says "persona does not exist" and sends nothing when the lookup finds nobody', async () => {
    const calls = stubApi({ '/api/search/private_user': { results: [] } });
    renderWithMe(<PrivateRequestView />);
    fill(' nobody ', '');
    await waitFor(() => expect(usePopupStore.getState().current?.title).toBe(T.personaDoesNotExist));
    expect(calls.map((c) => c.path)).toEqual(['/api/search/private_user']);
  });

  it("sends the request without the placeholder as a message, then shows the member in the form's place", async () => {
    const calls = stubApi({
      '/api/search/private_user': { results: [persona(7)] },
      '/api/user/friends/request': { status: 'sent' },
    });
    open('private-request');
    renderWithMe(<PrivateRequestView />);
    fill('sam', T.messagePlaceholder);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ user_id: 7 });
    await waitFor(() =>
      expect(useDialogStore.getState().stack.map((view) => view.route)).toEqual([
        { kind: 'member', ids: [7] },
      ]),
    );
  });

  it('keeps the send button disabled while the persona name is blank', () => {
    stubApi({});
    renderWithMe(<PrivateRequestView />);
    fireEvent.change(screen.getByLabelText(T.personaName), { target: { value: '   ' } });
    expect(screen.getByRole('button', { name: buttonCase(T.sendRequest) })).toHaveProperty('disabled', true);
  });
});

describe('mood picker', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    usePopupStore.getState().close();
  });

  it('sends a chosen mood at once', async () => {
    const calls = stubApi({ '/api/user': { ...me, gojimoji: { mood: Mood.SAD, tags: [] } } });
    renderWithMe(<MoodPicker />);
    fireEvent.click(screen.getByRole('button', { name: 'mood.2' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ gojimoji: { mood: Mood.SAD } }),
    );
  });

  it('previews a tag added a moment before New Post, its save still under way', async () => {
    const saves: Call[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
      if (init.method !== 'PUT') return Promise.resolve(new Response('{"tags":[]}'));
      saves.push({ method: 'PUT', path: new URL(url, 'http://orbit.test').pathname, body: init.body });
      return new Promise<Response>(() => {});
    });
    renderWithMe(<MoodPicker />);
    const input = screen.getByLabelText(T.newTag);
    fireEvent.change(input, { target: { value: 'sunny' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await waitFor(() => expect(saves).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: buttonCase(T.newPost) }));
    const composer = useDialogStore.getState().stack.at(-1)?.render() as ReactElement<{ tags: string[] }>;
    expect(composer.props.tags).toEqual(['sunny']);
  });

  it('shows "unable to change mood" when the server refuses', async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response('{"error":"validation","message":"no"}', { status: 400 }),
    );
    renderWithMe(<MoodPicker />);
    fireEvent.click(screen.getByRole('button', { name: 'mood.1' }));
    await waitFor(() => expect(usePopupStore.getState().current?.title).toBe(T.unableToChangeMood));
    expect(usePopupStore.getState().current?.message).toBe(T.pleaseTryAgain);
  });
});

describe('tag editor', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const addTag = (value: string) => {
    const input = screen.getByLabelText(T.newTag);
    fireEvent.change(input, { target: { value } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
  };
  const savedTags = (calls: Call[]) =>
    calls
      .filter((c) => c.method === 'PUT')
      .map((c) => (c.body as { gojimoji: { tags: string[] } }).gojimoji.tags);

  it('ignores blank tags and a duplicate typed before the first save has come back', async () => {
    const calls = stubApi({
      '/api/tags': { tags: [] },
      '/api/user': { ...me, gojimoji: { mood: null, tags: ['calm'] } },
    });
    renderWithMe(<TagEditor />);
    addTag('   ');
    addTag('calm');
    addTag(' CALM ');
    addTag('sunny');
    await waitFor(() => expect(savedTags(calls)).toEqual([['calm'], ['calm', 'sunny']]));
  });

  it('offers prior tags of the GOJIMOJI context that are not chosen yet', async () => {
    const calls = stubApi({ '/api/tags': { tags: ['calm', 'sunny'] } });
    renderWithMe(<TagEditor />);
    await screen.findByRole('button', { name: 'sunny' });
    expect(calls.find((c) => c.path === '/api/tags')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'sunny' }));
    await waitFor(() => expect(savedTags(calls)).toEqual([['sunny']]));
  });
});
