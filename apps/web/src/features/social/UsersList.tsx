import { useUsers } from '../../api/social';
import { open } from '../../app/places';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import layoutStyles from '../../ui/Layout.module.css';
import { RowList } from '../../ui/ListRow';
import { PersonRow } from '../../ui/PersonRow';
import { RelationButtons } from './RelationButtons';

/** The users list (docs/product/friends.md#users-list): every member the caller may see, with friend, unfriend or confirm. */
export function UsersList() {
  const { t } = useTranslation();
  const users = useUsers();
  if (!users.isSuccess) return null;
  const profiles = users.data.pages.flatMap((page) => page.users);
  return (
    <div className={layoutStyles.stack}>
      <RowList label={t(T.members)} empty={t(T.noResults)}>
        {profiles.map((profile) => (
          <PersonRow
            key={profile.user_id}
            face={profile}
            onOpen={() => open('member', { userId: profile.user_id, name: profile.name })}
          >
            <RelationButtons profile={profile} />
          </PersonRow>
        ))}
      </RowList>
      {users.hasNextPage && (
        <Button
          variant="ghost"
          disabled={users.isFetchingNextPage}
          onClick={() => void users.fetchNextPage()}
        >
          {t(T.showMore)}
        </Button>
      )}
    </div>
  );
}
