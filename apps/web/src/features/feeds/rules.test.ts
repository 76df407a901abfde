import type { PollData } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { isPollExpired, moveVote, postText } from '../../api/poll';
import { pickerDays, slotDate, slotLabel, timeSlots } from './slots';
import { completeTag, tagAtCaret, taggedMemberIds, tagSuggestions } from './tags';
import { acceptPick, hasUploadError, oversizeMessage, previewKind } from './uploads';
import { defaultUrgency, nextUrgency } from './urgency';
import { isSendKey, sendCheck, toggleStatus } from './writer';

const NOW = Date.parse('2026-11-22T12:00:00.000Z');

describe('poll votes', () => {
  const poll: PollData = {
    question: 'Q',
    options: ['a', 'b', 'c'],
    answers: [[{ user_id: 1 }, { user_id: 2 }], [{ user_id: 3 }], []],
    expiration_date: new Date(NOW + 3600_000).toISOString(),
    expired: false,
    my_answer: 0,
  };
  const counts = (p: PollData | null) => p?.answers?.map((voters) => voters.length);

  it('moves the vote: the old option loses it and the new one gains it at once', () => {
    const moved = moveVote(poll, 1, 1);
    expect(counts(moved)).toEqual([1, 2, 0]);
    expect(moved?.my_answer).toBe(1);
  });
  it('adds a first vote', () => {
    expect(counts(moveVote({ ...poll, my_answer: null }, 9, 2))).toEqual([2, 1, 1]);
  });
  it('adds a first vote without counts in wellbeing mode: the server answer brings them', () => {
    const { answers: _, ...uncounted } = poll;
    const moved = moveVote({ ...uncounted, my_answer: null }, 9, 2);
    expect(moved).toMatchObject({ my_answer: 2 });
    expect(moved).not.toHaveProperty('answers');
  });
  it('does nothing for the chosen option, an expired poll or an unknown option', () => {
    expect(moveVote(poll, 1, 0)).toBeNull();
    expect(moveVote({ ...poll, expired: true }, 1, 1)).toBeNull();
    expect(moveVote(poll, 1, 3)).toBeNull();
  });
  it('reads a past expiry as expired even when the cached flag says otherwise', () => {
    expect(isPollExpired(poll, NOW)).toBe(false);
    expect(isPollExpired(poll, NOW + 3600_000)).toBe(true);
  });
  it('shows its question once: as the poll title, not again as the post text', () => {
    expect(postText({ message: 'Q', poll_data: poll })).toBe('');
    expect(postText({ message: ' Q ', poll_data: poll })).toBe('');
    expect(postText({ message: 'Vote please', poll_data: poll })).toBe('Vote please');
    expect(postText({ message: 'Q', poll_data: null })).toBe('Q');
  });
});

describe('poll expiry picker', () => {
  const now = new Date(2026, 10, 22, 10, 15);
  it('offers today and the 7 following days', () => {
    const days = pickerDays(now);
    expect(days).toHaveLength(8);
    expect(days[0]?.getDate()).toBe(22);
    expect(days[7]?.getDate()).toBe(29);
  });
  it("steps by half hours and removes today's past slots", () => {
    const [today, tomorrow] = pickerDays(now) as [Date, Date];
    const todays = timeSlots(today, now);
    expect(slotLabel(todays[0] as number)).toBe('10:30');
    expect(todays.at(-1)).toBe(23 * 60 + 30);
    expect(timeSlots(tomorrow, now)).toHaveLength(48);
    expect(slotDate(tomorrow, 90).getHours()).toBe(1);
  });
});

describe('upload widget', () => {
  const file = (name: string, size = 10) => ({ name, size });
  it('keeps at most 4 whitelisted files per pick and ignores others silently', () => {
    const kept = acceptPick([
      file('a.exe'),
      file('b.PNG'),
      file('c.pdf'),
      file('d.mp4'),
      file('e.mp3'),
      file('f.jpg'),
    ]);
    expect(kept.map((entry) => entry.file.name)).toEqual(['b.PNG', 'c.pdf', 'd.mp4', 'e.mp3']);
  });
  it('flags files over 25 MB with the message for one file or for several', () => {
    const keys = { one: 'one', several: 'several' };
    const big = acceptPick([file('a.png', 26214401)]);
    expect(big[0]?.oversized).toBe(true);
    expect(oversizeMessage(big, keys)).toBe('one');
    const mixed = acceptPick([file('a.png', 26214401), file('b.png', 26214400)]);
    expect(mixed[1]?.oversized).toBe(false);
    expect(oversizeMessage(mixed, keys)).toBe('several');
    expect(hasUploadError(mixed)).toBe(true);
    expect(oversizeMessage(mixed.slice(1), keys)).toBeNull();
  });
  it('previews by extension', () => {
    expect(previewKind('x.WEBP')).toBe('image');
    expect(previewKind('x.pdf')).toBe('pdf');
    expect(previewKind('x.mov')).toBe('video');
    expect(previewKind('x.flac')).toBe('audio');
    expect(previewKind('x.docx')).toBe('file');
  });
});

describe('@tags', () => {
  const members = [
    { id: 1, screen_name: 'zoe' },
    { id: 2, screen_name: 'Zed' },
    { id: 3, screen_name: 'ozzy' },
    { id: 4, screen_name: 'liz' },
    { id: 5, screen_name: 'amy' },
  ];
  it('detects the name typed after an @ and cancels it with a space', () => {
    expect(tagAtCaret('hi @zo', 6)).toEqual({ query: 'zo', start: 3 });
    expect(tagAtCaret('hi @zo there', 12)).toBeNull();
    expect(tagAtCaret('mail a@b', 8)).toBeNull();
  });
  it('suggests at most 3 case-insensitive matches sorted by name; nothing for an empty filter', () => {
    expect(tagSuggestions(members, 'Z').map((m) => m.screen_name)).toEqual(['liz', 'ozzy', 'Zed']);
    expect(tagSuggestions(members, '')).toEqual([]);
  });
  it('completes the tag and tags only known screen names', () => {
    const done = completeTag('hi @zo', { start: 3, query: 'zo' }, 'zoe');
    expect(done).toEqual({ text: 'hi @zoe ', caret: 8 });
    expect(taggedMemberIds('hi @zoe and @nobody, @ZED!', members)).toEqual([1, 2]);
    expect(taggedMemberIds('hi @zoey', members)).toEqual([]);
  });
});

describe('urgency', () => {
  it('cycles none, low, medium, high, none', () => {
    expect([0, 1, 2, 3].map(nextUrgency)).toEqual([1, 2, 3, 0]);
  });
  it('defaults to the highest existing urgency', () => {
    expect(defaultUrgency([])).toBe(0);
    expect(defaultUrgency([{ urgency: 1 }, { urgency: 3 }, { urgency: 0 }])).toBe(3);
  });
});

describe('writer', () => {
  it('toggles each status back to regular; private recipients go through searching', () => {
    expect(toggleStatus('regular', 'anonymous')).toBe('anonymous');
    expect(toggleStatus('anonymous', 'anonymous')).toBe('regular');
    expect(toggleStatus('anonymous', 'sendImage')).toBe('sendImage');
    expect(toggleStatus('regular', 'searching')).toBe('searching');
    expect(toggleStatus('private', 'searching')).toBe('regular');
    expect(toggleStatus('sendImage', 'sendImage')).toBe('regular');
  });
  it('sends on Enter only without Shift and not on mobile', () => {
    expect(isSendKey({ key: 'Enter', shiftKey: false }, false)).toBe(true);
    expect(isSendKey({ key: 'Enter', shiftKey: true }, false)).toBe(false);
    expect(isSendKey({ key: 'Enter', shiftKey: false }, true)).toBe(false);
    expect(isSendKey({ key: 'a', shiftKey: false }, false)).toBe(false);
  });
  it('ignores an empty box unless files go with it, refuses over 10000 and waits on upload errors', () => {
    expect(sendCheck('  ', false)).toBe('ignore');
    expect(sendCheck('', true)).toBe('send');
    expect(sendCheck('x'.repeat(10000), false)).toBe('send');
    expect(sendCheck('x'.repeat(10001), false)).toBe('too_long');
    expect(sendCheck('hi', true, true)).toBe('ignore');
  });
});
