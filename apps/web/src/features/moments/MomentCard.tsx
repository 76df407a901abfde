import type { Moment } from '@orbit/contract';
import { memberPicture } from '../../api/account';
import { fetchMomentLeaderboard, fetchReplayedSession, ignoreMoment } from '../../api/moments';
import { open } from '../../app/places';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import cardStyles from '../../ui/Card.module.css';
import { TimeAgo } from '../../ui/TimeAgo';
import { closeMomentsWith } from './closeWith';
import styles from './Moments.module.css';
import { canSend, momentTypeLabel } from './rules';

interface MomentCardProps {
  moment: Moment;
  outgoing: boolean;
  section?: 'pending' | 'completed' | 'ignored';
  reload: () => Promise<unknown>;
}

/** Each action's call; a failure closes the module with its own text (docs/product/moments.md (the section of the failing call)). */
function useMomentActions(moment: Moment, reload: () => Promise<unknown>) {
  const id = moment.moment_id;
  const replay = () =>
    fetchReplayedSession(id).then(
      (answer) => open('moment-session', { momentId: id, answer }),
      () => closeMomentsWith(T.unableToGetReplayedSession),
    );
  return {
    replay,
    ignore: () => ignoreMoment(id).then(reload, () => closeMomentsWith(T.unableToSetMomentStatus)),
    results: () =>
      fetchMomentLeaderboard(id).then(
        (board) => open('moment-leaderboard', board),
        () => closeMomentsWith(T.unableToGetLeaderboard),
      ),
    send: () => open('moment-create', { original: moment }),
  };
}

/** One moment: who made it, its type, application and message, then the actions its place allows. */
export function MomentCard({ moment, outgoing, section, reload }: MomentCardProps) {
  const { t } = useTranslation();
  const actions = useMomentActions(moment, reload);
  const { producer } = moment;
  const picture = memberPicture({ image_url: producer.image_url, avatar_image: '' });
  return (
    <li className={cardStyles.card}>
      <div className={styles.cardHead}>
        <Avatar src={picture} name={producer.display_name} size={40} decorative />
        <div className={styles.cardText}>
          <span className={styles.cardName}>{producer.display_name}</span>
          <span className={styles.cardMeta}>
            {t(momentTypeLabel(moment))}
            {moment.app && ` · ${moment.app.name}`}
            {' · '}
            <TimeAgo iso={moment.created_date} />
          </span>
        </div>
      </div>
      {moment.message && <p className={styles.message}>{moment.message}</p>}
      {outgoing && <Recipients moment={moment} />}
      <div className={styles.actions}>
        {section === 'pending' && (
          <>
            <Button variant="secondary" onClick={() => void actions.ignore()}>
              {t(T.momentIgnore)}
            </Button>
            <Button onClick={() => void actions.replay()}>{t(T.momentPlay)}</Button>
          </>
        )}
        {section !== 'pending' && (
          <Button variant="secondary" onClick={() => void actions.replay()}>
            {t(T.momentReplay)}
          </Button>
        )}
        <Button variant="secondary" onClick={() => void actions.results()}>
          {t(T.momentResults)}
        </Button>
        {outgoing && canSend(moment) && <Button onClick={actions.send}>{t(T.momentSend)}</Button>}
      </div>
    </li>
  );
}

/** "Sent to N Friend(s) and N Communit(y/ies)" with the recipients' names (docs/product/moments.md#participants). */
function Recipients({ moment }: { moment: Moment }) {
  const { t } = useTranslation();
  const recipients = [
    ...moment.friends.map((friend) => ({ key: `friend-${friend.id}`, name: friend.display_name })),
    ...moment.communities.map((community) => ({
      key: `community-${community.id}`,
      name: community.display_name,
    })),
  ];
  return (
    <div className={styles.recipients}>
      <span>{t(T.momentSentTo, positional(moment.friends.length, moment.communities.length))}</span>
      {recipients.length > 0 && (
        <ul className={styles.recipientList} aria-label={t(T.momentRecipients)}>
          {recipients.map((recipient) => (
            <li key={recipient.key}>{recipient.name}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
