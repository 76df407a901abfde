// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VersionGate } from './VersionGate';

function renderGate(outdated: boolean, reload: () => void) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ outdated })));
  render(
    <QueryClientProvider client={new QueryClient()}>
      <VersionGate reload={reload} />
    </QueryClientProvider>,
  );
}

describe('VersionGate', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows the update modal when outdated and reloads after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reload = vi.fn();
    renderGate(true, reload);
    await screen.findByRole('alertdialog');
    act(() => vi.advanceTimersByTime(4900));
    expect(reload).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(100));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('stays hidden when the version is current', async () => {
    const reload = vi.fn();
    renderGate(false, reload);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });
});
