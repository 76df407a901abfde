import { type Moment, type MomentSearchResponse, MomentType } from '@orbit/contract';
import type { MomentFilterValue } from '../../api/moments';
import { T } from '../../i18n/texts';

/** The filter toggle in the spec's order (docs/product/moments.md#moments-list): all 0, users 3, games 1, activities 2. */
export const MOMENT_FILTERS: readonly { value: MomentFilterValue; label: string }[] = [
  { value: 0, label: T.momentsFilterAll },
  { value: 3, label: T.momentsFilterUsers },
  { value: 1, label: T.momentsFilterGames },
  { value: 2, label: T.momentsFilterActivities },
];

/** A recipient's status as the server answers it: 1 pending and not yet seen. */
const UNSEEN = 1;

export type IncomingSectionKey = 'pending' | 'completed' | 'ignored';

export interface IncomingSection {
  key: IncomingSectionKey;
  title: string;
  moments: Moment[];
}

const listedIncoming = (moment: Moment) =>
  moment.type === MomentType.DARE || moment.type === MomentType.SHARE;

/** Incoming moments in the spec's three sections, dares and shares only (docs/product/moments.md#moments-list). */
export function incomingSections(response: MomentSearchResponse): IncomingSection[] {
  const { pending, completed, ignored } = response.incoming;
  return [
    { key: 'pending', title: T.momentsPending, moments: pending.filter(listedIncoming) },
    { key: 'completed', title: T.momentsCompleted, moments: completed.filter(listedIncoming) },
    { key: 'ignored', title: T.momentsExpiredIgnored, moments: ignored.filter(listedIncoming) },
  ];
}

/** The pending moments the member has not seen yet: viewing them marks them seen (docs/product/moments.md#moment-type). */
export const unseenMomentIds = (response: MomentSearchResponse): number[] =>
  response.incoming.pending.filter((moment) => moment.status === UNSEEN).map((moment) => moment.moment_id);

/** The create button reads Save when nobody is selected and Send when someone is (docs/product/moments.md#moment-create). */
export const createButtonLabel = (selectedCount: number): string =>
  selectedCount === 0 ? T.momentSave : T.momentSendButton;

/** A dare needs someone to dare: the Show Factor On with nobody chosen is refused (docs/product/moments.md#moment-type). */
export const lacksParticipants = (factor: boolean, selectedCount: number): boolean =>
  factor && selectedCount === 0;

/**
 * The type the member chose (docs/product/moments.md#criteria), sent as `type`: nobody selected saves a treasure; someone selected
 * gets a share with the Show Factor Off, a dare with it On.
 */
export function chosenMomentType(factor: boolean, selectedCount: number): MomentType {
  if (selectedCount === 0) return MomentType.TREASURE;
  return factor ? MomentType.DARE : MomentType.SHARE;
}

/** Only a treasure (kept, not yet sent) offers send from the outgoing list. */
export const canSend = (moment: Moment): boolean => moment.type === MomentType.TREASURE;

const TYPE_LABELS: Record<number, string> = {
  [MomentType.DARE]: T.momentDare,
  [MomentType.SHARE]: T.momentShare,
  [MomentType.TREASURE]: T.momentTreasure,
};

export const momentTypeLabel = (moment: Moment): string => TYPE_LABELS[moment.type] ?? '';
