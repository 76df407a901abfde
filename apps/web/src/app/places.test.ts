import { describe, expect, it, vi } from 'vitest';
import { open, registerPlaces } from './places';

describe('places', () => {
  it('opens a place through the opener its feature registered, with its parameters', () => {
    const community = vi.fn();
    registerPlaces({ community });
    open('community', { id: 12, name: 'Runners' });
    expect(community).toHaveBeenCalledWith({ id: 12, name: 'Runners' });
  });

  it('opens a place without parameters by its name alone', () => {
    const messages = vi.fn();
    registerPlaces({ messages });
    open('messages');
    expect(messages).toHaveBeenCalledWith(undefined);
  });

  it('refuses a second owner for a place and a place nobody registered', () => {
    expect(() => registerPlaces({ community: vi.fn() })).toThrow('place community is registered twice');
    expect(() => open('admin')).toThrow('place admin is not registered');
  });
});
