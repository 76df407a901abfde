import { useProfiles } from '../../api/profiles';
import { open } from '../../app/places';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Row, Rows } from '../../ui/Rows';
import { CommunityIcon } from './CommunityIcon';
import { InviteAnswerButtons } from './InviteCard';
import { type PendingInvite, pendingInvites } from './rules';

const sentDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/**
 * The requests screen's community requests (docs/product/friends.md#requests-list): each pending invite with accept and reject, from
 * the member's COMMUNITY_INVITE stars, which USER_PROFILES keeps current. With `hideWhenEmpty` nothing
 * shows when none waits (beside the friend requests).
 */
export function PendingInvites({ hideWhenEmpty = false }: { hideWhenEmpty?: boolean }) {
  const { t } = useTranslation();
  const invites = pendingInvites(useProfiles().data?.stars ?? []);
  if (hideWhenEmpty && invites.length === 0) return null;
  return (
    <Rows label={t(T.requestsCommunity)} empty={t(T.noRequests)}>
      {invites.map((invite) => (
        <InviteRow key={invite.communityId} invite={invite} />
      ))}
    </Rows>
  );
}

function InviteRow({ invite }: { invite: PendingInvite }) {
  const { t } = useTranslation();
  return (
    <Row
      picture={<CommunityIcon face={{ ...invite, image_url: invite.imageUrl, initials: null }} />}
      name={invite.name}
      detail={invite.sentAt ? t(T.requestSentOn, positional(sentDate(invite.sentAt))) : undefined}
      onOpen={() => open('community-invite', invite)}
    >
      <InviteAnswerButtons
        invite={invite}
        onAccepted={() => open('community', { id: invite.communityId, name: invite.name })}
      />
    </Row>
  );
}
