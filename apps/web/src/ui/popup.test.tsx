// @vitest-environment jsdom
import { EN_US, translate } from '@orbit/contract';
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setDictionary } from '../i18n';
import { T } from '../i18n/texts';
import { Popup } from './Popup';
import {
  ALERT_CLOSE_MS,
  MEMBER_FORM_ALERT_CLOSE_MS,
  popupContent,
  showAlert,
  showError,
  showFailure,
  useErrorPopup,
  usePopupStore,
} from './popup';

const english = (key: string, values?: Record<string, string | number>) =>
  translate(EN_US, key, ...Object.values(values ?? {}));

describe('popup defaults', () => {
  it('reads "Error" / "Something went wrong" / "Try Again Later" when nothing is given', () => {
    expect(popupContent({}, english)).toEqual({
      title: 'Error',
      message: 'Something went wrong',
      dismiss: 'Try Again Later',
    });
  });

  it('keeps what is given and fills placeholders', () => {
    expect(
      popupContent({ title: T.unableToChange, message: T.pleaseTryAgain, values: { 0: 'height' } }, english),
    ).toEqual({ title: 'unable to change height', message: 'please try again', dismiss: 'Try Again Later' });
  });

  it('closes alerts after 3 s, or 2 s in the member form', () => {
    expect(ALERT_CLOSE_MS).toBe(3000);
    expect(MEMBER_FORM_ALERT_CLOSE_MS).toBe(2000);
  });
});

describe('Popup', () => {
  beforeAll(() => setDictionary('en_us', EN_US));
  afterEach(() => {
    cleanup();
    usePopupStore.getState().close();
    vi.useRealTimers();
  });

  it('shows the default texts and stays until dismissed', () => {
    vi.useFakeTimers();
    render(<Popup />);
    act(() => showError());
    expect(screen.getByRole('alertdialog', { name: 'Error' })).toBeTruthy();
    expect(screen.getByText('Something went wrong')).toBeTruthy();
    act(() => vi.advanceTimersByTime(10_000));
    act(() => screen.getByRole('button', { name: 'Try Again Later' }).click());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('says "unable to update" / "please try again" while connected, "oops" with the network message offline', () => {
    render(<Popup />);
    act(() => showFailure(T.unableToUpdate, false));
    expect(screen.getByRole('alertdialog', { name: 'unable to update' })).toBeTruthy();
    expect(screen.getByText('please try again')).toBeTruthy();
    act(() => showFailure(T.unableToUpdate, true));
    expect(screen.getByRole('alertdialog', { name: 'oops' })).toBeTruthy();
    expect(screen.getByText('network connection error')).toBeTruthy();
  });

  it('closes an alert by itself after 3 s', () => {
    vi.useFakeTimers();
    render(<Popup />);
    act(() => showAlert({ title: T.unableToLogout, message: T.pleaseTryAgain }));
    expect(screen.getByRole('alertdialog', { name: 'unable to logout' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(ALERT_CLOSE_MS - 1));
    expect(screen.queryByRole('alertdialog')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("shows a failed query's error once, and again for a later failure", () => {
    render(<Popup />);
    const { rerender } = renderHook(
      (query: { isError: boolean; errorUpdatedAt: number }) =>
        useErrorPopup(query, T.unableToGetRequests, T.pleaseTryAgain),
      { initialProps: { isError: false, errorUpdatedAt: 0 } },
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    rerender({ isError: true, errorUpdatedAt: 1 });
    const first = usePopupStore.getState().current;
    expect(screen.getByRole('alertdialog', { name: 'unable to get requests' })).toBeTruthy();
    rerender({ isError: true, errorUpdatedAt: 1 });
    expect(usePopupStore.getState().current).toBe(first);
    rerender({ isError: true, errorUpdatedAt: 2 });
    expect(usePopupStore.getState().current?.id).toBeGreaterThan(first?.id ?? 0);
  });
});
