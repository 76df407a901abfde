import { FriendDirection, type PublicProfile, type UserProfile } from '@orbit/contract';
import { useMe, useProfiles } from '../../api/profiles';
import { useSetPinned, useUserProfile } from '../../api/social';
import { open } from '../../app/places';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { dialogBack } from '../../ui/dialogStore';
import layoutStyles from '../../ui/Layout.module.css';
import listStyles from '../../ui/List.module.css';
import { WeekSummary } from '../activities';
import { Feed } from '../feeds';
import { MoodInsights } from '../moods';
import { ReportButton } from '../reports';
import { BlockButton } from './BlockButton';
import { ProfileHeader } from './ProfileHeader';
import { RelationButtons } from './RelationButtons';
import { isPinnable, memberStar } from './rules';
import styles from './Social.module.css';
import { useFriendActions } from './useFriendActions';

const isPublicProfile = (profile: PublicProfile | UserProfile): profile is PublicProfile =>
  'is_friend' in profile;

/**
 * The user star page (docs/product/friends.md#member-page): avatar, mood and tags in the header; the friend-request banner when the
 * member asked the caller; pin and unpin of the member's star; the THIS WEEK summary with its history button
 * and the feed, for the member and their friends; the member's own page adds their private mood insights.
 */
export function UserStarPage({ userId }: { userId: number }) {
  const me = useMe();
  const own = me?.user_id === userId;
  const other = useUserProfile(userId);
  const profile = own ? me : other.data;
  const { t } = useTranslation();
  if (!profile) {
    return other.isError ? <p className={listStyles.empty}>{t(T.unableToGetProfile)}</p> : null;
  }
  return (
    <div className={layoutStyles.stack}>
      <ProfileHeader profile={profile} />
      {own ? <OwnActions /> : isPublicProfile(profile) && <MemberActions profile={profile} />}
      {(own || (isPublicProfile(profile) && profile.is_friend)) && (
        <>
          <WeekSummary userId={userId} own={own} />
          {/* Private: the member's own moods, never shown on another member's page. */}
          {own && <MoodInsights />}
          <Feed scope={{ kind: 'user', id: userId }} />
        </>
      )}
    </div>
  );
}

function OwnActions() {
  const { t } = useTranslation();
  return (
    <div className={layoutStyles.buttons}>
      <Button variant="secondary" onClick={() => open('mood')}>
        {t(T.changeMood)}
      </Button>
      <Button variant="secondary" onClick={() => open('tag-editor')}>
        {t(T.editTags)}
      </Button>
    </div>
  );
}

function MemberActions({ profile }: { profile: PublicProfile }) {
  if (profile.direction === FriendDirection.INCOMING) return <RequestBanner profile={profile} />;
  return (
    <div className={layoutStyles.buttons}>
      {profile.is_friend && <SendMessageButton profile={profile} />}
      <PinButton userId={profile.user_id} />
      <RelationButtons profile={profile} />
      <ReportButton target={{ type: 'user', id: profile.user_id, name: profile.name }} />
      <BlockButton userId={profile.user_id} name={profile.name} onBlocked={() => void dialogBack()} />
    </div>
  );
}

/**
 * A friend's page opens their private thread (docs/product/messages.md#previews's private message, without the picker). Only friends:
 * the server refuses a thread with anyone else, and a block ends the friendship.
 */
function SendMessageButton({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation();
  return (
    <Button onClick={() => open('private-thread', { userId: profile.user_id, name: profile.name })}>
      {t(T.messagesSend)}
    </Button>
  );
}

/** "Wants to be your friend" with accept and Decline (docs/product/friends.md#member-page). */
function RequestBanner({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation();
  const actions = useFriendActions();
  return (
    <section className={styles.banner} aria-label={t(T.wantsToBeFriends, positional(profile.name))}>
      <p className={styles.bannerText}>{t(T.wantsToBeFriends, positional(profile.name))}</p>
      <div className={layoutStyles.buttons}>
        <Button
          variant="secondary"
          disabled={actions.busy}
          onClick={() => void actions.reject(profile.user_id)}
        >
          {t(T.friendDecline)}
        </Button>
        <Button disabled={actions.busy} onClick={() => void actions.accept(profile.user_id)}>
          {t(T.friendAccept)}
        </Button>
      </div>
    </section>
  );
}

/** Pin keeps the member's star in the innermost zone; it toggles at once and fails silently (docs/product/friends.md#friend-requests). */
function PinButton({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const star = memberStar(useProfiles().data?.stars ?? [], userId);
  const setPinned = useSetPinned();
  if (!isPinnable(star)) return null;
  return (
    <Button
      variant="secondary"
      onClick={() => setPinned.mutate({ starId: star.star_id, pinned: !star.pinned })}
    >
      {t(star.pinned ? T.unpin : T.pin)}
    </Button>
  );
}
