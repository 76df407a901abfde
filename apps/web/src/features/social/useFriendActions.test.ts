import { ErrorCode } from '@orbit/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { T } from '../../i18n/texts';
import { usePopupStore } from '../../ui/popup';
import { showFailure } from './useFriendActions';

afterEach(() => usePopupStore.getState().close());

const shown = () => usePopupStore.getState().current;

describe('a call’s failure (a friend request, a high five)', () => {
  it('says why when a block refused it, dismissed with OK: trying again would not help', () => {
    showFailure(new ApiError(403, ErrorCode.blocked, 'x', null), T.unableToHighFive, T.pleaseTryAgainCap);
    expect(shown()).toMatchObject({ title: T.unableToHighFive, message: T.blockRefused, dismiss: T.ok });
  });

  it('asks to try again after any other failure', () => {
    showFailure(new ApiError(500, 'internal', 'x', null), T.unableToHighFive, T.pleaseTryAgainCap);
    expect(shown()).toMatchObject({ title: T.unableToHighFive, message: T.pleaseTryAgainCap });
    expect(shown()?.dismiss).toBeUndefined();
  });
});
