import { useState } from 'react';
import { useFriendRequests } from '../../api/social';
import { open } from '../../app/places';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { Picker } from '../../ui/Field';
import layoutStyles from '../../ui/Layout.module.css';
import { RowList } from '../../ui/ListRow';
import { PersonRow } from '../../ui/PersonRow';
import { useErrorPopup } from '../../ui/popup';
import { PendingInvites } from '../communities';
import { REQUEST_FILTERS, type RequestFilter, type RequestRow, requestRows } from './rules';
import { useFriendActions } from './useFriendActions';

const FILTER_LABELS: Record<RequestFilter, string> = {
  all: T.requestsAll,
  friend: T.requestsFriend,
  community: T.requestsCommunity,
  pendingApproval: T.requestsPendingApproval,
};

const sentDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/**
 * Requests (docs/product/friends.md#requests-list): a picker of four; accept and reject on each incoming request; an outgoing one shows
 * as pending with its sent date. The list reloads after each answer (docs/product/friends.md#friend-requests) and on every
 * FRIEND_REQUEST event, so a new request appears while the screen is open.
 */
export function RequestsView() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<RequestFilter>('all');
  const requests = useFriendRequests();
  useErrorPopup(requests, T.unableToGetRequests, T.pleaseTryAgain);

  return (
    <div className={layoutStyles.stack}>
      <Picker
        legend={t(T.requestsShown)}
        value={filter}
        options={REQUEST_FILTERS.map((value) => ({ value, label: t(FILTER_LABELS[value]) }))}
        onChange={setFilter}
      />
      {filter === 'community' ? (
        <PendingInvites />
      ) : (
        requests.data && (
          <RowList label={t(FILTER_LABELS[filter])} empty={t(T.noRequests)}>
            {requestRows(requests.data, filter).map((row) => (
              <RequestItem
                key={`${row.direction}:${row.entry.user_id}`}
                row={row}
                reload={() => requests.refetch()}
              />
            ))}
          </RowList>
        )
      )}
      {filter === 'all' && <PendingInvites hideWhenEmpty />}
    </div>
  );
}

function RequestItem({ row, reload }: { row: RequestRow; reload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const actions = useFriendActions();
  const { entry } = row;
  const answer = async (call: (userId: number) => Promise<boolean>) => {
    await call(entry.user_id);
    await reload();
  };
  const openMember = () => open('member', { userId: entry.user_id, name: entry.name });
  if (row.direction === 'outgoing') {
    return (
      <PersonRow
        face={entry}
        onOpen={openMember}
        detail={`${t(T.requestPending)} · ${t(T.requestSentOn, positional(sentDate(entry.modified_time)))}`}
      />
    );
  }
  return (
    <PersonRow face={entry} onOpen={openMember} detail={entry.message ?? undefined}>
      <Button variant="secondary" disabled={actions.busy} onClick={() => void answer(actions.reject)}>
        {t(T.requestReject)}
      </Button>
      <Button disabled={actions.busy} onClick={() => void answer(actions.accept)}>
        {t(T.requestAccept)}
      </Button>
    </PersonRow>
  );
}
