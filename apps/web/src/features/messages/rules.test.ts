import type { PrivateMessage } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import {
  canSaveGroup,
  composerMode,
  groupTitle,
  isToday,
  matchesSearch,
  sendable,
  threadRows,
} from './rules';

const NOW = Date.parse('2025-03-10T12:00:00Z');
const HOUR = 3600 * 1000;

function message(pm_id: number, user_id: number, hoursAgo: number): PrivateMessage {
  return {
    pm_id,
    group_id: 1,
    user_id,
    name: `User ${user_id}`,
    screen_name: `user${user_id}`,
    ts: new Date(NOW - hoursAgo * HOUR).toISOString(),
    message: `m${pm_id}`,
    state: 'read',
    image_url: null,
    attachments: [],
    edited: false,
  };
}

const kinds = (rows: ReturnType<typeof threadRows>) =>
  rows.map((row) => (row.kind === 'message' ? row.message.pm_id : row.kind));

describe('messages rules', () => {
  it('counts a message as today only while it is under 24 hours old', () => {
    expect(isToday(new Date(NOW - 23.9 * HOUR).toISOString(), NOW)).toBe(true);
    expect(isToday(new Date(NOW - 24 * HOUR).toISOString(), NOW)).toBe(false);
  });

  it('filters previews by the group name or a participant, case-insensitively', () => {
    const preview = {
      group_name: 'Run Club',
      names: ['Alice Wong', 'Bob Stone'],
      screen_names: ['alice', 'bobby.s'],
    };
    expect(matchesSearch(preview, 'run')).toBe(true);
    expect(matchesSearch(preview, 'BOB')).toBe(true);
    expect(matchesSearch(preview, ' ')).toBe(true);
    expect(matchesSearch(preview, 'stone')).toBe(true);
    expect(matchesSearch(preview, 'bobby')).toBe(true);
    expect(matchesSearch(preview, 'carol')).toBe(false);
  });

  it('puts a date separator where the day changes and the unread divider above the first unread', () => {
    const messages = [
      message(1, 2, 72),
      message(2, 1, 30),
      message(3, 1, 2),
      message(4, 2, 1),
      message(5, 2, 0),
    ];
    const rows = threadRows(messages, { lastReadId: 3, myId: 1, now: NOW });
    expect(kinds(rows)).toEqual(['day', 1, 'day', 2, 'day', 3, 'unread', 4, 5]);
    expect(rows.filter((row) => row.kind === 'day').at(-1)).toMatchObject({ today: true });
  });

  it('draws no divider when everything was read, nor above the member’s own messages', () => {
    const messages = [message(1, 2, 1), message(2, 1, 0.5)];
    expect(kinds(threadRows(messages, { lastReadId: 1, myId: 1, now: NOW }))).not.toContain('unread');
    expect(kinds(threadRows(messages, { lastReadId: null, myId: 1, now: NOW }))).not.toContain('unread');
    expect(kinds(threadRows(messages, { lastReadId: 0, myId: 1, now: NOW }))).toEqual([
      'day',
      'unread',
      1,
      2,
    ]);
  });

  it('enables Save for a group only with more than 2 participants including oneself', () => {
    expect(canSaveGroup([2], 1)).toBe(false);
    expect(canSaveGroup([2, 1], 1)).toBe(false);
    expect(canSaveGroup([2, 3], 1)).toBe(true);
  });

  it('does not send an empty message without an image, nor during an upload error', () => {
    const none = { files: 0, uploadError: false };
    expect(sendable({ text: '  \n ', ...none })).toBe(false);
    expect(sendable({ text: ' hi ', ...none })).toBe(true);
    expect(sendable({ text: '', files: 1, uploadError: false })).toBe(true);
    expect(sendable({ text: 'hi', files: 1, uploadError: true })).toBe(false);
  });

  it('names the composer modes', () => {
    const state = { text: '', editing: false, files: 0, uploadError: false };
    expect(composerMode(state)).toBe('regular');
    expect(composerMode({ ...state, text: 'h' })).toBe('typing');
    expect(composerMode({ ...state, text: 'h', editing: true })).toBe('edit');
    expect(composerMode({ ...state, files: 2 })).toBe('sendImage');
    expect(composerMode({ ...state, files: 1, uploadError: true })).toBe('uploadErr');
  });

  it('titles a new group by its name, or by its participants', () => {
    expect(groupTitle(' ', ['Ann', 'Bo'])).toBe('Ann, Bo');
    expect(groupTitle('Club', ['Ann'])).toBe('Club');
  });
});
