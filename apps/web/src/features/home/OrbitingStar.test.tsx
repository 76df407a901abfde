// @vitest-environment jsdom
import { DEFAULT_LANG, EN_US, StarType } from '@orbit/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setDictionary } from '../../i18n';
import { displayOf } from '../../starfield/display';
import { makeStar } from '../../test/stars';
import { OrbitingStar } from './OrbitingStar';

setDictionary(DEFAULT_LANG, EN_US);

const circle = makeStar('7', {
  star_type: StarType.COMMUNITY_USER_CREATED,
  name: 'Inner Circle',
  community_id: 7,
});

function drawn(leaving: boolean) {
  const open = vi.fn();
  const { container } = render(
    <OrbitingStar
      display={displayOf('7:community', circle)}
      scale={1}
      register={() => {}}
      open={open}
      cue={null}
      leaving={leaving}
    />,
  );
  return { open, button: container.querySelector('button') as HTMLButtonElement };
}

describe('an orbiting star', () => {
  afterEach(cleanup);

  it('opens what it stands for on a click, a button named by its name', () => {
    const { open, button } = drawn(false);
    expect(screen.getByRole('button', { name: /^Inner Circle/ })).toBe(button);
    fireEvent.click(button);
    expect(open).toHaveBeenCalledWith(circle);
  });

  it('is inert while it fades out of the set: no click, no focus, not in the accessibility tree', () => {
    const { open, button } = drawn(true);
    expect(screen.queryByRole('button', { name: /^Inner Circle/ })).toBeNull();
    expect(button.hasAttribute('inert')).toBe(true);
    expect(button.tabIndex).toBe(-1);
    fireEvent.click(button);
    expect(open).not.toHaveBeenCalled();
  });
});
