import { type CallInvite, UI_TIMINGS } from '@orbit/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { onCallNews, rejectCall } from '../../api/calls';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { isQuietAt } from '../../ui/quiet';
import { playSound } from '../../ui/sounds';
import styles from './Calls.module.css';
import { randomCallColor } from './layout';
import { dropPreparedCall, prepareCall } from './prepared';
import { acceptCall, preloadCallMedia } from './start';
import { useCallMe } from './useCallRoom';

interface Ringing {
  invite: CallInvite;
  color: string;
  /** An invite replayed after a reconnect shows, still answerable, but does not ring. */
  silent: boolean;
}

/**
 * The incoming call popup (docs/product/calls-and-lessons.md#incoming-call): the caller's picture or initials, Decline and Accept; it hides by
 * itself after 30 s, or when the call ends first. Accepting starts the call for the community, or for the
 * pair of me and the caller.
 */
export function IncomingCall() {
  const { t } = useTranslation();
  const titleId = useId();
  const [ringing, setRinging] = useState<Ringing | null>(null);
  const me = useCallMe();
  const accepted = useRef<number | null>(null);

  useEffect(
    () =>
      onCallNews((news) => {
        // The server rings no one in their quiet hours; an invite sent just before they began stays quiet too.
        if (news.kind === 'invite' && !isQuietAt()) {
          setRinging({ invite: news.invite, color: randomCallColor(), silent: news.replay });
        }
        if (news.kind === 'end') setRinging((r) => (r?.invite.call_id === news.callId ? null : r));
      }),
    [],
  );
  useEffect(() => {
    if (!ringing) return;
    const timer = setTimeout(() => setRinging(null), UI_TIMINGS.incomingCallHideMs);
    // The incoming call sound rings for as long as the popup shows.
    const stopRinging = ringing.silent ? () => undefined : playSound('incomingCall', { loop: true });
    return () => {
      clearTimeout(timer);
      stopRinging();
    };
  }, [ringing]);
  // While it rings, the call's code loads and a private call's room opens (docs/decisions/0032).
  useEffect(() => {
    if (!ringing) return;
    const { call_id: callId, community_id: communityId } = ringing.invite;
    preloadCallMedia();
    if (communityId !== null || !me) return;
    prepareCall(callId, me);
    return () => {
      // Declined, ended, hidden or replaced by another call: the room opened while it rang closes.
      if (accepted.current !== callId) dropPreparedCall(callId);
    };
  }, [ringing, me]);

  if (!ringing) return null;
  const { invite, color } = ringing;
  const decline = () => {
    setRinging(null);
    // Silent on failure (docs/product/calls-and-lessons.md#call-join: call failures are only logged).
    rejectCall(invite.call_id).catch(() => undefined);
  };
  const accept = () => {
    accepted.current = invite.call_id;
    setRinging(null);
    void acceptCall(invite);
  };
  return (
    <div
      className={styles.incoming}
      role="alertdialog"
      aria-labelledby={titleId}
      style={{ borderColor: color }}
    >
      <span className={styles.incomingFace} style={{ background: color }}>
        <Avatar src={invite.image_url} name={invite.name} size={56} decorative />
      </span>
      <div className={styles.incomingText}>
        <p id={titleId} className={styles.incomingName}>
          {invite.name}
        </p>
        <p className={styles.note}>{t(T.incomingCall)}</p>
      </div>
      <div className={styles.incomingButtons}>
        <Button variant="danger" onClick={decline}>
          {t(T.incomingDecline)}
        </Button>
        <Button onClick={accept}>{t(T.incomingAccept)}</Button>
      </div>
    </div>
  );
}
