import type { PublicProfile } from '@orbit/contract';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CommunityResult, type SearchKind, useFriends, useSearch } from '../../api/social';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { useBeforeBack } from '../../ui/DialogHost';
import { Segmented } from '../../ui/Field';
import fieldStyles from '../../ui/Field.module.css';
import { showError } from '../../ui/popup';
import { CommunityList, CommunitySearchResults } from '../communities/CommunityList';
import { MemberRow, RowList } from './MemberRow';
import { openFriendConfirmation, openUserStar, openUsersList } from './open';
import { neighbour } from './rules';
import styles from './Social.module.css';
import { SwipePanel } from './SwipePanel';

const KINDS: readonly SearchKind[] = ['users', 'communities'];
const KIND_LABELS = { users: T.searchUsersKind, communities: T.searchCommunitiesKind } as const;

/**
 * Search (000 §2.3): four states, friends, communities, friendSearch and communitySearch. The picker
 * chooses users or communities, Enter runs the search, back from a search returns to its list, and a
 * touch swipe moves to the neighbouring kind.
 */
export function SearchView() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<SearchKind>('users');
  const [entering, setEntering] = useState<-1 | 0 | 1>(0);
  const [draft, setDraft] = useState('');
  const [submitted, setSubmitted] = useState<string | null>(null);
  const inputId = useId();

  useBeforeBack(() => {
    if (submitted === null) return true;
    setSubmitted(null);
    setDraft('');
    return false;
  });

  const switchKind = (next: SearchKind) => {
    setEntering(KINDS.indexOf(next) > KINDS.indexOf(kind) ? -1 : 1);
    setKind(next);
  };
  const state = `${kind}:${submitted === null ? 'list' : 'search'}`;

  return (
    <div className={styles.stack}>
      <Segmented
        legend={t(T.searchIn)}
        value={kind}
        options={KINDS.map((value) => ({ value, label: t(KIND_LABELS[value]) }))}
        onChange={switchKind}
      />
      <search>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setSubmitted(draft.trim() || null);
          }}
        >
          <label className="visually-hidden" htmlFor={inputId}>
            {t(T.searchField)}
          </label>
          <input
            id={inputId}
            type="search"
            className={fieldStyles.control}
            placeholder={t(T.searchField)}
            enterKeyHint="search"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </form>
      </search>
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
          <Results kind={kind} text={submitted} />
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
    a.screen_name.localeCompare(b.screen_name, undefined, { sensitivity: 'base' }),
  );
  return (
    <div className={styles.stack}>
      {friends.isSuccess && (
        <RowList label={t(T.searchFriends)} empty={t(T.inactiveEmptyFriends)}>
          {entries.map((friend) => (
            <MemberRow
              key={friend.user_id}
              face={friend}
              onOpen={() => openUserStar(friend.user_id, friend.screen_name)}
            />
          ))}
        </RowList>
      )}
      <Button variant="ghost" onClick={openUsersList}>
        {t(T.allMembers)}
      </Button>
    </div>
  );
}

/** A friend or a member who asked already opens their page; anyone else the friend confirmation. */
function openMember(profile: PublicProfile): void {
  if (profile.is_friend || profile.direction !== null) openUserStar(profile.user_id, profile.screen_name);
  else openFriendConfirmation(profile);
}

function useRelationLabel() {
  const { t } = useTranslation();
  return (profile: PublicProfile) => {
    if (profile.is_friend) return t(T.isFriend);
    return profile.direction === null ? undefined : t(T.requestPending);
  };
}

const communityFace = (community: CommunityResult) => ({
  screen_name: community.name,
  image_url: community.image_url ?? null,
  avatar_image: null,
});

/** The friendSearch and communitySearch states: what the submitted text found. */
function Results({ kind, text }: { kind: SearchKind; text: string }) {
  const { t } = useTranslation();
  const search = useSearch(kind, text);
  const relationLabel = useRelationLabel();
  const failedAt = search.isError ? search.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) showError(kind === 'users' ? T.unableToSearchUsers : T.unableToSearchCommunities);
  }, [failedAt, kind]);
  const result = search.data;
  if (!result) return null;
  return (
    <RowList label={t(KIND_LABELS[kind])} empty={t(T.noResults)}>
      {result.kind === 'users'
        ? result.items.map((profile) => (
            <MemberRow
              key={profile.user_id}
              face={profile}
              detail={relationLabel(profile)}
              onOpen={() => openMember(profile)}
            />
          ))
        : result.items.map((community) => (
            <MemberRow key={community.id} face={communityFace(community)} detail={community.description} />
          ))}
    </RowList>
  );
}
