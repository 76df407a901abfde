import { describe, expect, it } from 'vitest';
import { DEFAULT_LANG } from '../constants';
import { dictionaryFor, EN_US, pluralForm, translate, translateCount } from './index';

/** Texts copied from the spec documents (000, 001, 002): each must be shown exactly as written. */
const SPEC_STRINGS = [
  'Error',
  'Something went wrong',
  'Try Again Later',
  'Make friends with people in your community, or find them using the search feature.',
  'Join communities through the search feature or create your own',
  "Play the product's games to see them listed here",
  "Complete the product's activities to see them listed here",
  'You have no pending notifications',
  'Sent to {{0}} Friend(s) and {{1}} Communit(y/ies)',
  'No participants',
  'Please select at least one participant',
  'persona does not exist',
  'Before You Confirm: More than $5/mile pledges can add up fast. If you meant a one-time, fixed donation, please adjust.',
  'unable to logout',
  'please try again',
  'unable to get user profile',
  'unable to change persona image',
  'unable to update the profile',
  'Unable to get moments',
  'Unable to get replayed session',
  'Unable to set moment status',
  'Unable to get leaderboard',
  'Unable to get app',
  'Unable to get connections',
  'Unable to create moment',
  'unable to get requests',
  'unable to accept friend request',
  'unable to reject friend request',
  'Unable to join community',
  'unable to save first and last name',
  'unable to upload image',
  'unable to search users',
  'unable to search communities',
  'unable to send friend request',
  'New Community',
  'Show Factor',
  'Expired/Ignored',
  'write post',
  'Post as Anonymous',
  'Create a poll',
  'Attach files',
  'Add option',
  'CREATE POLL',
  'THIS WEEK',
  'Add a member',
  'Are you sure?',
  'Add a new user',
  'SUBMIT SURVEY',
  'Prior Tags',
  'Your Top 30-day GoCoins',
  'Active Central',
  'Veterans Honor',
  'BMI Camp',
  'Seniors Rock',
  'Round of 64',
  'Semi-Finals',
  'Finals in NYC',
  'TBD',
  'Exceeded 10000 character limit',
  'This file exceeds 25MB limit',
  'One or more files exceeds 25MB limit',
  'Unable to upload file',
  'unable to get comments',
  'unable to post comment',
  'Unable to update comment',
  'unable to get user activity',
  'unable to get feeds',
  'Something went wrong :(',
  'unable to add tag',
  'unable to remove tag',
  'Cannot Post',
  'There was an error.',
  'Unable to get tournament data',
  'Please try again',
  'Unable to high five',
  'Invalid Username',
  'Invalid Password',
  'Passwords do not match',
  'Email already in use',
  'User already exists!',
  'Check browsers console log',
  'invalid avatar name',
  'avatar name not available',
  'unable to crop image',
  'incorrect password',
  'The password you entered was incorrect. Please try again.',
  "Password doesn't meet requirements. Please try again.",
  "Passwords don't match. Please try again.",
  'unable to get incentive details',
  'unable to get incentive history',
  'unable to get incentive history details',
  'Unable to update Notifications Level',
  'unable to post',
  'post max size',
  'unable to change mood',
  'GojiWise Streaming',
  'Available selection of live and pre-recorded GojiWise sessions',
  'SAVED SESSIONS',
  'THE SESSION HAS ENDED',
  'LOADING MEDIA',
  'Return to community',
  'CONNECTING..',
  'REQUEST MIC',
  'MIC GRANTED',
  'LEAVE ROOM',
  'THE EXPERT HAS KICKED YOU FROM THE SESSION',
  'SESSION HAS ENDED',
  'You are leaving the call',
  'Type to start a note',
  'I Feel:',
  'No WebRTC support...',
  "Our audio stream has been rejected, viewers won't hear us",
  "Our video stream has been rejected, viewers won't see us",
  'Video rejected, no webcam',
  'Lost connection to the server (is it down?)',
  'Unread messages',
];

describe('the en_us dictionary', () => {
  it('holds the spec texts word for word', () => {
    const values = new Set<string>(Object.values(EN_US));
    expect(SPEC_STRINGS.length).toBeGreaterThanOrEqual(40);
    expect(SPEC_STRINGS.filter((text) => !values.has(text))).toEqual([]);
  });

  it('holds the five moods, the side-menu entries and the tournament rounds', () => {
    expect([1, 2, 3, 4, 5].map((mood) => translate(EN_US, `mood.${mood}`))).toEqual([
      'happy',
      'sad',
      'depressed',
      'anxious',
      'excited',
    ]);
    const menu = Object.keys(EN_US).filter((key) => key.startsWith('menu.'));
    expect(menu).toHaveLength(10);
    expect(EN_US['tournament.round_8_dates']).toBe('Jun 1-5');
  });

  it('uses only numbered placeholders', () => {
    const named = Object.values(EN_US).filter((text) => /\{\{(?!\d+\}\})/.test(text));
    expect(named).toEqual([]);
  });

  it('interpolates the spec texts that carry values', () => {
    expect(translate(EN_US, 'moments.sent_to', 3, 1)).toBe('Sent to 3 Friend(s) and 1 Communit(y/ies)');
    expect(translate(EN_US, 'history.title', 'March', 2026)).toBe('activity for March 2026');
    expect(translate(EN_US, 'profile.unable_to_change', translate(EN_US, 'profile.time_zone'))).toBe(
      'unable to change time zone',
    );
  });
});

describe('translate', () => {
  const dict = {
    greet: 'hello {{0}}, meet {{1}}',
    hello: 'bonjour',
    world: 'monde',
    again: '{{1}} {{0}} {{1}}',
  };

  it('fills numbered placeholders, each occurrence, in any order', () => {
    expect(translate(dict, 'greet', 'Ana', 'Bo')).toBe('hello Ana, meet Bo');
    expect(translate(dict, 'again', 'x', 'y')).toBe('y x y');
  });

  it('leaves a placeholder without an argument as written', () => {
    expect(translate(dict, 'greet', 'Ana')).toBe('hello Ana, meet {{1}}');
  });

  it('returns a missing key itself', () => {
    expect(translate(dict, 'no.such.key')).toBe('no.such.key');
    expect(translate({}, 'error.title')).toBe('error.title');
  });

  it('does not treat inherited object properties as keys', () => {
    expect(translate(dict, 'toString')).toBe('toString');
  });

  it('translates a % key word by word, keeping unknown words and the spacing', () => {
    expect(translate(dict, '%hello world')).toBe('bonjour monde');
    expect(translate(dict, '%hello  brave world')).toBe('bonjour  brave monde');
  });
});

describe('dictionaryFor', () => {
  it('serves en_us by default and for its spellings', () => {
    expect(dictionaryFor(undefined)).toEqual({ lang: DEFAULT_LANG, keys: EN_US });
    expect(dictionaryFor('en-US').lang).toBe('en_us');
  });

  it('falls back to en_us for an unknown language', () => {
    expect(dictionaryFor('xx_yy')).toEqual({ lang: 'en_us', keys: EN_US });
  });
});

describe('texts about a number of things', () => {
  it('take the form their count needs in the language: 1 member, 0 and 3 members', () => {
    expect(translateCount(EN_US, 'en_us', 'community.members_count', 1)).toBe('1 member');
    expect(translateCount(EN_US, 'en_us', 'community.members_count', 0)).toBe('0 members');
    expect(translateCount(EN_US, 'en_us', 'community.members_count', 3)).toBe('3 members');
    expect(translateCount(EN_US, 'en_us', 'feed.comments_count', 1)).toBe('1 comment');
    expect(translateCount(EN_US, 'en_us', 'poll.votes', 1)).toBe('1 vote');
  });

  it('follow the language’s own plural rules, and read a key without forms as it is', () => {
    expect(pluralForm('pl', 3)).toBe('few');
    expect(pluralForm('en_us', 1)).toBe('one');
    const polish = { 'x.files': '{{0}} plików', 'x.files_one': '{{0}} plik', 'x.files_few': '{{0}} pliki' };
    expect(translateCount(polish, 'pl', 'x.files', 3)).toBe('3 pliki');
    expect(translateCount(polish, 'pl', 'x.files', 5)).toBe('5 plików');
    expect(translateCount(EN_US, 'en_us', 'messages.unread_count', 1)).toBe('1 unread');
    expect(translateCount(EN_US, 'no-such-language', 'community.members_count', 1)).toBe('1 member');
  });
});
