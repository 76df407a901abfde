import type { PublicProfile } from '@orbit/contract';
import { useState } from 'react';
import { useInviteToCommunity, useNonmembers } from '../../api/communities';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { confirmYesNo } from '../../ui/confirm';
import layoutStyles from '../../ui/Layout.module.css';
import { PersonRow } from '../../ui/PersonRow';
import { Rows } from '../../ui/Rows';
import { SearchBox } from '../../ui/SearchBox';

/**
 * The invite modal (docs/product/communities.md#invites): search the members not in the community, confirm, and the invitation goes by
 * screen name (POST /communities/{id}/invite). A failed invite is silent (docs/product/the area's own anchor (communities.md#members).
 */
export function InviteModal({ id }: { id: number }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [invited, setInvited] = useState<ReadonlySet<number>>(new Set());
  const users = useNonmembers(id, text).data?.users ?? [];
  const invite = useInviteToCommunity();
  // The question names the member; the invite finds them by their handle (InviteBody.screen_name).
  const ask = ({ user_id: userId, name, screen_name: screenName }: PublicProfile) =>
    confirmYesNo(t(T.inviteQuestion, positional(name)), () =>
      invite.mutate({ id, screenName }, { onSuccess: () => setInvited((ids) => new Set(ids).add(userId)) }),
    );
  return (
    <div className={layoutStyles.stack}>
      <SearchBox label={t(T.searchField)} onSearch={setText} />
      <Rows label={t(T.communityInvite)} empty={t(T.noResults)}>
        {users.map((user) => (
          <PersonRow
            key={user.user_id}
            face={user}
            detail={invited.has(user.user_id) ? t(T.requestPending) : undefined}
            onOpen={invited.has(user.user_id) ? undefined : () => ask(user)}
          />
        ))}
      </Rows>
    </div>
  );
}
