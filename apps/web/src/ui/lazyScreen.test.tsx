// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttonCase } from '../i18n/casing';
import { T } from '../i18n/texts';
import { lazyScreen } from './lazyScreen';

function Greeting({ name }: { name: string }) {
  return <p>hello {name}</p>;
}

/** A screen's code as the network hands it out: each fetch waits until the test answers it. */
function network() {
  const pending: { resolve: () => void; reject: () => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<typeof Greeting>((resolve, reject) => {
        pending.push({
          resolve: () => resolve(Greeting),
          reject: () => reject(new TypeError('Failed to fetch')),
        });
      }),
  );
  const answer = async (outcome: 'resolve' | 'reject') => {
    await act(async () => {
      pending.shift()?.[outcome]();
    });
  };
  return { load, answer };
}

const retryButton = () => screen.getByRole('button', { name: buttonCase(T.pleaseTryAgainCap) });
/** React reports every error a boundary catches on the console: expected here, so kept out of the output. */
const quietErrors = () => vi.spyOn(console, 'error').mockImplementation(() => {});

describe('lazyScreen', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows a busy state while the code loads, then the screen with its props', async () => {
    const { load, answer } = network();
    const Screen = lazyScreen(load);
    render(<Screen name="Ada" />);
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    expect(load).toHaveBeenCalledOnce();
    await answer('resolve');
    expect(screen.getByText('hello Ada')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  /** A screen whose first fetch of its code fails. */
  async function failedOnce() {
    const { load, answer } = network();
    const reload = vi.fn();
    const Screen = lazyScreen(load, { reload });
    quietErrors();
    render(<Screen name="Ada" />);
    await answer('reject');
    return { load, answer, reload };
  }

  it('says so when the code cannot be fetched, and a retry fetches it again', async () => {
    const { load, answer, reload } = await failedOnce();
    expect(screen.getByRole('alert').textContent).toContain(T.popupMessage);
    fireEvent.click(retryButton());
    expect(screen.getByRole('status')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    await answer('resolve');
    expect(screen.getByText('hello Ada')).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the app when the code is still missing after a retry (a deploy replaced it)', async () => {
    const { load, answer, reload } = await failedOnce();
    fireEvent.click(retryButton());
    await answer('reject');
    expect(screen.getByRole('alert')).toBeTruthy();
    fireEvent.click(retryButton());
    expect(reload).toHaveBeenCalledOnce();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('leaves an error of the screen itself to the boundaries above', async () => {
    const Broken = lazyScreen(async () => () => {
      throw new Error('render failed');
    });
    quietErrors();
    await expect(
      act(async () => {
        render(<Broken />);
      }),
    ).rejects.toThrow('render failed');
  });
});
