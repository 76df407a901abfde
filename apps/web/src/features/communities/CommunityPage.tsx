import { AccessType, type Community } from '@orbit/contract';
import { useCommunity, useLeaveCommunity, useSetCommunityPinned } from '../../api/communities';
import { isExpert } from '../../api/roles';
import { open } from '../../app/places';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { confirmYesNo } from '../../ui/confirm';
import { dialogBack } from '../../ui/dialogStore';
import layoutStyles from '../../ui/Layout.module.css';
import listStyles from '../../ui/List.module.css';
import { CommunityCallButton } from '../calls';
import { Feed } from '../feeds';
import { StreamEntry } from '../lessons';
import { ReportButton } from '../reports';
import styles from './Communities.module.css';
import { CommunityIcon } from './CommunityIcon';

/**
 * The community page (docs/product/communities.md#community-page): members count, description, avatar (experts change the picture), pin, the
 * feed with its writer, the community call entry for members, and leave.
 */
export function CommunityPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const community = useCommunity(id);
  if (community.isError) return <p className={listStyles.empty}>{t(T.notFound)}</p>;
  if (!community.data) return null;
  return (
    <div className={layoutStyles.stack}>
      <CommunityHeader community={community.data} />
      <CommunityActions community={community.data} />
      <section className={styles.feedSlot} aria-label={community.data.name}>
        <Feed scope={{ kind: 'community', id }} sidePanel />
      </section>
    </div>
  );
}

function CommunityHeader({ community }: { community: Community }) {
  const { t, tCount } = useTranslation();
  const expert = isExpert(community.roles);
  return (
    <section className={listStyles.header} aria-label={community.name}>
      <div className={styles.iconWrap}>
        <CommunityIcon face={community} size={88} />
        {expert && (
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => open('community-image', { communityId: community.id })}
          >
            {t(T.changeCommunityImage)}
          </button>
        )}
      </div>
      <div className={styles.headerText}>
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => open('community-members', { communityId: community.id })}
        >
          {community.members_count === undefined
            ? t(T.members)
            : tCount(T.membersCount, community.members_count)}
        </button>
        {community.access_type === AccessType.PRIVATE && (
          <span className={styles.muted}>{t(T.privateCommunity)}</span>
        )}
        {community.description && <p className={styles.description}>{community.description}</p>}
      </div>
    </section>
  );
}

function CommunityActions({ community }: { community: Community }) {
  const { t } = useTranslation();
  const setPinned = useSetCommunityPinned(community.id);
  const leave = useLeaveCommunity();
  const askToLeave = () =>
    confirmYesNo(t(T.leaveQuestion, positional(community.name)), () =>
      // A refused leave is silent (docs/product/communities.md#join): the page simply stays. Not tied to this component, which the
      // refetch after leaving a private community replaces.
      leave.mutateAsync(community.id).then(dialogBack, () => undefined),
    );
  return (
    <div className={styles.actions}>
      {community.star_id && (
        <Button
          variant="secondary"
          aria-pressed={community.pinned}
          onClick={() =>
            community.star_id && setPinned.mutate({ starId: community.star_id, pinned: !community.pinned })
          }
        >
          {t(community.pinned ? T.unpin : T.pin)}
        </Button>
      )}
      {community.roles.length > 0 && <CommunityCallButton communityId={community.id} name={community.name} />}
      <StreamEntry communityId={community.id} />
      <Button variant="secondary" onClick={() => open('community-info', { communityId: community.id })}>
        {t(T.communityInfo)}
      </Button>
      <Button variant="secondary" onClick={() => open('invite-members', community)}>
        {t(T.communityInvite)}
      </Button>
      {isExpert(community.roles) ? (
        <Button variant="secondary" onClick={() => open('community-reports', { communityId: community.id })}>
          {t(T.reports)}
        </Button>
      ) : (
        <ReportButton target={{ type: 'community', id: community.id, name: community.name }} />
      )}
      <Button variant="danger" onClick={askToLeave}>
        {t(T.communityLeave)}
      </Button>
    </div>
  );
}
