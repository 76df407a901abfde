import { InviteAnswer, useAnswerInvite, useInvitedCommunity } from '../../api/communities';
import { open } from '../../app/places';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { dialogBack } from '../../ui/dialogStore';
import layoutStyles from '../../ui/Layout.module.css';
import listStyles from '../../ui/List.module.css';
import styles from './Communities.module.css';
import { CommunityIcon } from './CommunityIcon';
import type { PendingInvite } from './rules';

/** Accept (2) or reject (3) an invite; failures are ignored (docs/product/communities.md#invites). Answers the outcome. */
function useInviteAnswer(invite: PendingInvite) {
  const answer = useAnswerInvite();
  const respond = (status: InviteAnswer) =>
    answer.mutateAsync({ id: invite.communityId, status }).then(
      () => true,
      () => false,
    );
  return {
    busy: answer.isPending,
    accept: () => respond(InviteAnswer.ACCEPT),
    reject: () => respond(InviteAnswer.REJECT),
  };
}

/** The invite card (docs/product/communities.md#invites): who invited, what the community is, accept or reject; accepting opens it. */
export function InviteCard({ invite }: { invite: PendingInvite }) {
  const { t } = useTranslation();
  const entry = useInvitedCommunity(invite.communityId, invite.name).data;
  const face = entry ?? {
    name: invite.name,
    image_url: invite.imageUrl,
    color: invite.color,
    initials: null,
  };
  return (
    <div className={layoutStyles.stack}>
      <section className={listStyles.header} aria-label={invite.name}>
        <CommunityIcon face={face} size={88} />
        <div className={styles.headerText}>
          <p className={listStyles.headerName}>{invite.name}</p>
          {entry?.text && <span className={styles.muted}>{t(T.invitedBy, positional(entry.text))}</span>}
          {entry?.description && <p className={styles.description}>{entry.description}</p>}
        </div>
      </section>
      <div className={layoutStyles.buttons}>
        <InviteAnswerButtons
          invite={invite}
          onRejected={dialogBack}
          onAccepted={() => open('community', { id: invite.communityId, name: invite.name, instead: true })}
        />
      </div>
    </div>
  );
}

/** Reject, then accept: `onRejected` runs after a reject (whatever its outcome), `onAccepted` after an accept. */
export function InviteAnswerButtons({
  invite,
  onAccepted,
  onRejected,
}: {
  invite: PendingInvite;
  onAccepted: () => void;
  onRejected?: () => unknown;
}) {
  const { t } = useTranslation();
  const answer = useInviteAnswer(invite);
  return (
    <>
      <Button
        variant="secondary"
        disabled={answer.busy}
        onClick={async () => {
          await answer.reject();
          await onRejected?.();
        }}
      >
        {t(T.inviteReject)}
      </Button>
      <Button
        disabled={answer.busy}
        onClick={async () => {
          if (await answer.accept()) onAccepted();
        }}
      >
        {t(T.inviteAccept)}
      </Button>
    </>
  );
}
