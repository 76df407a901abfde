import type { PublicProfile } from '@orbit/contract';
import { useState } from 'react';
import { type SearchKind, useFriends, useSearchUsers } from '../../api/social';
import { open } from '../../app/places';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { useBeforeBack } from '../../ui/DialogHost';
import { Segmented } from '../../ui/Field';
import layoutStyles from '../../ui/Layout.module.css';
import { RowList } from '../../ui/ListRow';
import { PersonRow } from '../../ui/PersonRow';
import { useErrorPopup } from '../../ui/popup';
import { SearchBox } from '../../ui/SearchBox';
import { SwipePanel } from '../../ui/SwipePanel';
import { CommunityList, CommunitySearchResults } from '../communities';
import { neighbour } from './rules';

const KINDS: readonly SearchKind[] = ['users', 'communities'];
const KIND_LABELS = { users: T.searchUsersKind, communities: T.searchCommunitiesKind } as const;

/**
 * Search (docs/product/friends.md#search): four states, friends, communities, friendSearch and communitySearch. The picker
 * chooses users or communities, Enter runs the search, back from a search returns to its list, and a
 * touch swipe moves to the neighbouring kind.
 */
export function SearchView({ initialKind = 'users' }: { initialKind?: SearchKind }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<SearchKind>(initialKind);
  const [entering, setEntering] = useState<-1 | 0 | 1>(0);
  const [submitted, setSubmitted] = useState<string | null>(null);
  // Back from a search empties the field too: a new key gives the search box a fresh, empty draft.
  const [searchBoxKey, setSearchBoxKey] = useState(0);

  useBeforeBack(() => {
    if (submitted === null) return true;
    setSubmitted(null);
    setSearchBoxKey((key) => key + 1);
    return false;
  });

  const switchKind = (next: SearchKind) => {
    setEntering(KINDS.indexOf(next) > KINDS.indexOf(kind) ? -1 : 1);
    setKind(next);
  };
  const state = `${kind}:${submitted === null ? 'list' : 'search'}`;

  return (
    <div className={layoutStyles.stack}>
      <Segmented
        legend={t(T.searchIn)}
        value={kind}
        options={KINDS.map((value) => ({ value, label: t(KIND_LABELS[value]) }))}
        onChange={switchKind}
      />
      <SearchBox
        key={searchBoxKey}
        label={t(T.searchField)}
        onSearch={(text) => setSubmitted(text || null)}
      />
      <SwipePanel
        stateKey={state}
        entering={entering}
        label={t(KIND_LABELS[kind])}
        onSwipe={(direction) => switchKind(neighbour(KINDS, kind, direction))}
      >
        {submitted === null ? (
          <KindList kind={kind} />
        ) : kind === 'communities' ? (
          <CommunitySearchResults text={submitted} />
        ) : (
          <UserResults text={submitted} />
        )}
      </SwipePanel>
    </div>
  );
}

function KindList({ kind }: { kind: SearchKind }) {
  return kind === 'users' ? <FriendsList /> : <CommunityList />;
}

/** The friends state: the member's friends, each opening their star page, and the way to every member. */
function FriendsList() {
  const { t } = useTranslation();
  const friends = useFriends();
  const entries = Object.values(friends.data?.friends ?? {}).sort((a, b) =>
    a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }),
  );
  return (
    <div className={layoutStyles.stack}>
      {friends.isSuccess && (
        <RowList label={t(T.searchFriends)} empty={t(T.inactiveEmptyFriends)}>
          {entries.map((friend) => (
            <PersonRow
              key={friend.user_id}
              face={friend}
              onOpen={() => open('member', { userId: friend.user_id, name: friend.name })}
            />
          ))}
        </RowList>
      )}
      <Button variant="ghost" onClick={() => open('users-list')}>
        {t(T.allMembers)}
      </Button>
    </div>
  );
}

/** A friend or a member who asked already opens their page; anyone else the friend confirmation. */
function openMember(profile: PublicProfile): void {
  if (profile.is_friend || profile.direction !== null)
    open('member', { userId: profile.user_id, name: profile.name });
  else open('friend-confirmation', profile);
}

function useRelationLabel() {
  const { t } = useTranslation();
  return (profile: PublicProfile) => {
    if (profile.is_friend) return t(T.isFriend);
    return profile.direction === null ? undefined : t(T.requestPending);
  };
}

/** The friendSearch state: the members the submitted text found. */
function UserResults({ text }: { text: string }) {
  const { t } = useTranslation();
  const search = useSearchUsers(text);
  const relationLabel = useRelationLabel();
  useErrorPopup(search, T.unableToSearchUsers);
  if (!search.data) return null;
  return (
    <RowList label={t(KIND_LABELS.users)} empty={t(T.noResults)}>
      {search.data.results.map((profile) => (
        <PersonRow
          key={profile.user_id}
          face={profile}
          detail={relationLabel(profile)}
          onOpen={() => openMember(profile)}
        />
      ))}
    </RowList>
  );
}
