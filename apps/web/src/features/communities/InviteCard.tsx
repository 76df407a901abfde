import { useTranslation } from 'react-i18next';
import { InviteAnswer, useAnswerInvite, useInvitedCommunity } from '../../api/communities';
import { positional } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { dialogBack } from '../../ui/dialogStore';
import styles from './Communities.module.css';
import { CommunityIcon } from './CommunityIcon';
import { showCommunityInstead } from './open';
import type { PendingInvite } from './rules';

/** Accept (2) or reject (3) an invite; failures are ignored (000 §4.5). Answers the outcome. */
export function useInviteAnswer(invite: PendingInvite) {
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

/** The invite card (001 §2): who invited, what the community is, accept or reject; accepting opens it. */
export function InviteCard({ invite }: { invite: PendingInvite }) {
  const { t } = useTranslation();
  const entry = useInvitedCommunity(invite.communityId, invite.name).data;
  const answer = useInviteAnswer(invite);
  const face = entry ?? {
    name: invite.name,
    image_url: invite.imageUrl,
    color: invite.color,
    initials: null,
  };
  return (
    <div className={styles.stack}>
      <section className={styles.header} aria-label={invite.name}>
        <CommunityIcon face={face} size={88} />
        <div className={styles.headerText}>
          <p className={styles.headerName}>{invite.name}</p>
          {entry?.text && <span className={styles.muted}>{t(T.invitedBy, positional(entry.text))}</span>}
          {entry?.description && <p className={styles.description}>{entry.description}</p>}
        </div>
      </section>
      <div className={styles.buttons}>
        <Button
          variant="secondary"
          disabled={answer.busy}
          onClick={async () => {
            await answer.reject();
            await dialogBack();
          }}
        >
          {t(T.inviteReject)}
        </Button>
        <Button
          disabled={answer.busy}
          onClick={async () => {
            if (await answer.accept()) showCommunityInstead({ id: invite.communityId, name: invite.name });
          }}
        >
          {t(T.inviteAccept)}
        </Button>
      </div>
    </div>
  );
}
