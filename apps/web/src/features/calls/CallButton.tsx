import { CALL_LIMITS, type CallStartBody } from '@orbit/contract';
import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button, IconButton } from '../../ui/Button';
import { PhoneIcon } from '../../ui/icons';
import { startAndOpenCall } from './start';

/** The call icon of a conversation's header (docs/product/calls-and-lessons.md#call-screen): calls its other participants, the thread as call group. */
export function ThreadCallButton({
  groupId,
  userIds,
  title,
}: {
  groupId: number;
  userIds: number[];
  title: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <IconButton
      label={t(T.callCall)}
      aria-busy={busy || undefined}
      disabled={busy || userIds.length === 0 || userIds.length > CALL_LIMITS.maxAttendees}
      onClick={() => {
        setBusy(true);
        void startAndOpenCall({ attendees: userIds, call_group_id: groupId }, title).finally(() =>
          setBusy(false),
        );
      }}
    >
      <PhoneIcon />
    </IconButton>
  );
}

/** A community's call entry: starts its call, or joins the one already on. */
export function CommunityCallButton({ communityId, name }: { communityId: number; name: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const body: CallStartBody = { community_id: communityId };
  return (
    <Button
      variant="secondary"
      aria-busy={busy || undefined}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void startAndOpenCall(body, name).finally(() => setBusy(false));
      }}
    >
      <PhoneIcon />
      {t(T.callCommunity)}
    </Button>
  );
}
