import { useBlock, useBlocks, useUnblock } from '../../api/social';
import { positional, useTranslation } from '../../i18n';
import { personName } from '../../i18n/names';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { confirmYesNo } from '../../ui/confirm';
import { showError } from '../../ui/popup';
import { confirmDone } from '../../ui/toast';

/**
 * Block, on a member's page and in a one-to-one thread (issue 14, docs/decisions/0046): the confirmation of
 * `useBlockMember`; once blocked, `onBlocked` (the page closes, say), and where the screen stays (the thread),
 * Unblock in its place.
 */
export function BlockButton({
  userId,
  name,
  onBlocked,
}: {
  userId: number;
  name: string;
  onBlocked?: () => void;
}) {
  const { t } = useTranslation();
  const block = useBlockMember();
  const unblock = useUnblockMember();
  const blocked = useBlocks().data?.blocks.some((entry) => entry.user_id === userId) ?? false;
  if (blocked) {
    return (
      <Button
        variant="secondary"
        disabled={unblock.busy}
        onClick={() => void unblock.lift(userId, personName(t, { name, isMe: false }))}
      >
        {t(T.unblock)}
      </Button>
    );
  }
  return (
    <Button variant="danger" disabled={block.busy} onClick={() => block.ask(userId, name, onBlocked)}>
      {t(T.block)}
    </Button>
  );
}

/**
 * Block as every screen offers it (the button above, a group message's menu): a Yes/No that names the member
 * ("Block amara.n?", the one display-name rule) and says what follows; Yes blocks, confirms ("amara.n is
 * blocked") and calls `onBlocked`; a failure shows the default popup. The block reads every query again, so
 * what the member no longer sees goes at once.
 */
export function useBlockMember() {
  const { t } = useTranslation();
  const block = useBlock();
  return {
    busy: block.isPending,
    ask: (userId: number, name: string, onBlocked?: () => void) => {
      const shown = personName(t, { name, isMe: false });
      confirmYesNo(
        t(T.blockQuestion, positional(shown)),
        () =>
          void block.mutateAsync(userId).then(
            () => {
              confirmDone(T.blockedToast, positional(shown));
              onBlocked?.();
            },
            () => showError(),
          ),
        t(T.blockExplanation),
      );
    },
  };
}

/** Unblock with its confirmation ("amara.n is unblocked"); a failure shows the default popup. */
export function useUnblockMember() {
  const unblock = useUnblock();
  return {
    busy: unblock.isPending,
    lift: (userId: number, name: string) =>
      unblock.mutateAsync(userId).then(
        () => confirmDone(T.unblockedToast, positional(name)),
        () => showError(),
      ),
  };
}
