import type { Call } from '@orbit/contract';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Feed } from '../feeds';
import { ConversationView } from '../messages';
import styles from './Calls.module.css';

/** The feeds panel: the community's posts for a community call, the call group's messages otherwise. */
export function FeedsPanel({ call }: { call: Call }) {
  const { t } = useTranslation();
  if (call.community_id !== null) return <Feed scope={{ kind: 'community', id: call.community_id }} />;
  if (call.call_group_id !== null) return <ConversationView groupId={call.call_group_id} />;
  return <p className={styles.note}>{t(T.callNoFeeds)}</p>;
}
