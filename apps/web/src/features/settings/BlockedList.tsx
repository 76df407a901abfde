import { useBlocks } from '../../api/social';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Row, Rows } from '../../ui/Rows';
import { useUnblockMember } from '../social';

/** The members the member blocked, most recent first, each with Unblock (issue 14). */
export function BlockedList() {
  const { t } = useTranslation();
  const blocks = useBlocks().data?.blocks ?? [];
  const unblock = useUnblockMember();
  return (
    <Rows label={t(T.blockedMembers)} empty={t(T.noBlocks)}>
      {blocks.map((entry) => (
        <Row
          key={entry.user_id}
          picture={<Avatar src={null} name={entry.name} size={44} decorative />}
          name={entry.name}
          detail={t(
            T.blockedSince,
            positional(new Date(entry.blocked_at).toLocaleDateString(undefined, { dateStyle: 'medium' })),
          )}
        >
          <Button
            variant="secondary"
            disabled={unblock.busy}
            aria-label={`${t(T.unblock)} ${entry.name}`}
            onClick={() => void unblock.lift(entry.user_id, entry.name)}
          >
            {t(T.unblock)}
          </Button>
        </Row>
      ))}
    </Rows>
  );
}
