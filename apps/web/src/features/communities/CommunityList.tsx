import type { CommunityEntry } from '@orbit/contract';
import { useQuery } from '@tanstack/react-query';
import { communityKeys, searchCommunities, useCommunityList } from '../../api/communities';
import { open } from '../../app/places';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { useErrorPopup } from '../../ui/popup';
import { Row, Rows } from '../../ui/Rows';
import { CommunityIcon } from './CommunityIcon';

interface CommunityRowsProps {
  label: string;
  empty: string;
  entries: readonly CommunityEntry[];
}

function CommunityRows({ label, empty, entries }: CommunityRowsProps) {
  return (
    <Rows label={label} empty={empty}>
      {entries.map((entry) => (
        <Row
          key={entry.id}
          picture={<CommunityIcon face={entry} />}
          name={entry.name}
          detail={entry.description || undefined}
          onOpen={() => open('listed-community', entry)}
        />
      ))}
    </Rows>
  );
}

/** The search screen's communities state: the communities the member may see, their own first. */
export function CommunityList() {
  const { t } = useTranslation();
  const list = useCommunityList();
  if (!list.data) return null;
  const entries = list.data.pages.flatMap((page) => page.communities);
  return (
    <>
      <CommunityRows
        label={t(T.searchCommunitiesKind)}
        empty={t(T.inactiveEmptyCommunities)}
        entries={entries}
      />
      {list.hasNextPage && (
        <Button variant="ghost" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {t(T.showMore)}
        </Button>
      )}
    </>
  );
}

/** The communitySearch state: what the submitted text found, or "unable to search communities". */
export function CommunitySearchResults({ text }: { text: string }) {
  const { t } = useTranslation();
  const search = useQuery({
    queryKey: communityKeys.search(text),
    queryFn: () => searchCommunities(text),
    retry: false,
    staleTime: 0,
  });
  useErrorPopup(search, T.unableToSearchCommunities);
  if (!search.data) return null;
  return (
    <CommunityRows
      label={t(T.searchCommunitiesKind)}
      empty={t(T.noResults)}
      entries={search.data.communities}
    />
  );
}
