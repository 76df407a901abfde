// @vitest-environment jsdom
import { DEFAULT_LANG, EN_US } from '@orbit/contract';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setDictionary } from '../i18n';
import { AddressedTitle } from './AddressedTitle';
import { DialogHost } from './DialogHost';
import { openDialog, useDialogStore } from './dialogStore';

describe('DialogHost', () => {
  afterEach(async () => {
    cleanup();
    await act(() => useDialogStore.getState().hide());
    vi.useRealTimers();
  });

  it('opens 25 ms after a view is pushed, labelled by its title, focus inside', () => {
    vi.useFakeTimers();
    const { container } = render(<DialogHost />);
    act(() => openDialog({ title: 'Settings', render: () => <p>body</p> }));
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
    const layer = container.firstElementChild!;
    act(() => vi.advanceTimersByTime(24));
    expect(layer.getAttribute('data-opened')).toBe('false');
    act(() => vi.advanceTimersByTime(1));
    expect(layer.getAttribute('data-opened')).toBe('true');
  });

  it('shows only the top view; Escape goes back one step', async () => {
    render(<DialogHost />);
    act(() => {
      openDialog({ title: 'Settings', render: () => <p>settings</p> });
      openDialog({ title: 'Profile', render: () => <p>profile</p> });
    });
    expect(screen.getByRole('dialog', { name: 'Profile' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Settings' })).toBeNull();
    await act(async () => {
      fireEvent.keyDown(screen.getByRole('dialog', { name: 'Profile' }), { key: 'Escape' });
    });
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Profile' })).toBeNull();
  });

  it('names a view opened from its address: Loading… first, its name once known, Error when it is gone', () => {
    setDictionary(DEFAULT_LANG, EN_US);
    render(<DialogHost />);
    const addressed = (name: string | undefined, failed: boolean) => ({
      title: '',
      titleIsName: true,
      heading: () => <AddressedTitle name={name} failed={failed} />,
      render: () => <p>This is no longer available</p>,
    });
    act(() => openDialog(addressed(undefined, false)));
    expect(screen.getByRole('dialog', { name: 'Loading…' })).toBeTruthy();
    act(() => useDialogStore.getState().replace(addressed('Inner Circle', false)));
    expect(screen.getByRole('dialog', { name: 'Inner Circle' })).toBeTruthy();
    act(() => useDialogStore.getState().replace(addressed(undefined, true)));
    expect(screen.getByRole('dialog', { name: 'Error' })).toBeTruthy();
  });
});
