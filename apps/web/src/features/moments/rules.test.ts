import { type Moment, type MomentSearchResponse, MomentType } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { T } from '../../i18n/texts';
import {
  chosenMomentType,
  createButtonLabel,
  incomingSections,
  lacksParticipants,
  unseenMomentIds,
} from './rules';

const moment = (moment_id: number, type: number, status: number | null = 1) =>
  ({ moment_id, type, status }) as Moment;

const response = (pending: Moment[], completed: Moment[] = [], ignored: Moment[] = []) =>
  ({ incoming: { pending, completed, ignored }, outgoing: [] }) as unknown as MomentSearchResponse;

describe('moments rules', () => {
  it('lists dares and shares only, in Pending, Completed and Expired/Ignored', () => {
    const sections = incomingSections(response([moment(1, 1), moment(2, 3)], [moment(3, 2)], [moment(4, 1)]));
    expect(sections.map((s) => [s.title, s.moments.map((m) => m.moment_id)])).toEqual([
      [T.momentsPending, [1]],
      [T.momentsCompleted, [3]],
      [T.momentsExpiredIgnored, [4]],
    ]);
  });

  it('marks as seen only the pending moments not seen yet', () => {
    expect(unseenMomentIds(response([moment(1, 1, 1), moment(2, 2, 2)]))).toEqual([1]);
  });

  it('reads Save with nobody selected and Send with someone', () => {
    expect(createButtonLabel(0)).toBe(T.momentSave);
    expect(createButtonLabel(2)).toBe(T.momentSendButton);
  });

  it('refuses the Show Factor On with nobody chosen', () => {
    expect(lacksParticipants(true, 0)).toBe(true);
    expect(lacksParticipants(false, 0)).toBe(false);
    expect(lacksParticipants(true, 1)).toBe(false);
  });

  it('chooses the type sent: treasure with nobody, share with the factor Off, dare with it On', () => {
    expect(chosenMomentType(false, 0)).toBe(MomentType.TREASURE);
    expect(chosenMomentType(false, 2)).toBe(MomentType.SHARE);
    expect(chosenMomentType(true, 1)).toBe(MomentType.DARE);
  });
});
