import { type ProfileStar, StarType } from '@orbit/contract';
import { useState } from 'react';
import { useProfiles } from '../../api/profiles';
import { open } from '../../app/places';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Picker } from '../../ui/Field';
import layoutStyles from '../../ui/Layout.module.css';
import { RowList } from '../../ui/ListRow';
import { PersonRow } from '../../ui/PersonRow';
import { SwipePanel } from '../../ui/SwipePanel';
import { INACTIVE_PAGES, type InactivePage, inactiveStars, neighbour } from './rules';

const PAGE_IDS = INACTIVE_PAGES.map((page) => page.id);
const PAGE_TEXTS: Record<InactivePage, { label: string; empty: string }> = {
  friends: { label: T.inactiveFriends, empty: T.inactiveEmptyFriends },
  communities: { label: T.inactiveCommunities, empty: T.inactiveEmptyCommunities },
  games: { label: T.inactiveGames, empty: T.inactiveEmptyGames },
  activities: { label: T.inactiveActivities, empty: T.inactiveEmptyActivities },
};
const MEMBER_STARS: readonly number[] = [StarType.FRIEND, StarType.PENDING_FRIEND];

function openerOf(star: ProfileStar): (() => void) | undefined {
  const userId = star.user_id;
  if (userId === null || !MEMBER_STARS.includes(star.star_type)) return undefined;
  return () => open('member', { userId, name: star.name });
}

/**
 * Inactive (docs/product/friends.md#inactive): the stars of zone 4 and beyond, which do not orbit, on four swipeable pages with
 * the spec's empty texts. A member opens their star page; communities, games and activities open their
 * views as those features land.
 */
export function InactiveView() {
  const { t } = useTranslation();
  const stars = useProfiles().data?.stars ?? [];
  const [page, setPage] = useState<InactivePage>('friends');
  const [entering, setEntering] = useState<-1 | 0 | 1>(0);
  const show = (next: InactivePage) => {
    setEntering(PAGE_IDS.indexOf(next) > PAGE_IDS.indexOf(page) ? -1 : 1);
    setPage(next);
  };
  const texts = PAGE_TEXTS[page];
  return (
    <div className={layoutStyles.stack}>
      <Picker
        legend={t(T.inactivePages)}
        value={page}
        options={PAGE_IDS.map((value) => ({ value, label: t(PAGE_TEXTS[value].label) }))}
        onChange={show}
      />
      <SwipePanel
        stateKey={page}
        entering={entering}
        label={t(texts.label)}
        onSwipe={(direction) => show(neighbour(PAGE_IDS, page, direction))}
      >
        <RowList label={t(texts.label)} empty={t(texts.empty)}>
          {inactiveStars(stars, page).map((star) => (
            <PersonRow
              key={star.star_id}
              face={{ name: star.name, image_url: star.image_url, avatar_image: star.avatar_image }}
              onOpen={openerOf(star)}
            />
          ))}
        </RowList>
      </SwipePanel>
    </div>
  );
}
