import { describe, expect, it } from 'vitest';
import { buttonCase } from './casing';

describe('button labels in one casing: sentence case', () => {
  it('turns the spec’s capitals and lower case into sentence case', () => {
    expect(buttonCase('LEAVE ROOM')).toBe('Leave room');
    expect(buttonCase('JOIN')).toBe('Join');
    expect(buttonCase('CONNECTING..')).toBe('Connecting..');
    expect(buttonCase('grant mic')).toBe('Grant mic');
    expect(buttonCase('confirm')).toBe('Confirm');
  });

  it('keeps abbreviations, names and labels already in sentence case', () => {
    expect(buttonCase('OK')).toBe('OK');
    expect(buttonCase('TBD')).toBe('TBD');
    expect(buttonCase('Invite Amara')).toBe('Invite Amara');
    expect(buttonCase('Add a member')).toBe('Add a member');
    expect(buttonCase('')).toBe('');
  });
});
