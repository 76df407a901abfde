import type { PushPreferences, PushSubscriptionEntry } from '@orbit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  pushKeys,
  usePushPreferences,
  usePushSubscriptions,
  useRemovePushSubscription,
  useUpdatePushPreferences,
} from '../../api/push';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { showError } from '../../ui/popup';
import { RetryAlert } from '../../ui/RetryAlert';
import { confirmDone } from '../../ui/toast';
import { DeviceRow } from './DeviceRow';
import { deviceLabel } from './deviceName';
import {
  notificationPermission,
  type PushSupport,
  pushSupport,
  type SubscribeOutcome,
  subscribeThisDevice,
  unsubscribeThisBrowser,
} from './pushDevice';
import styles from './Settings.module.css';
import { SwitchRow } from './SwitchRow';

/** The switches of what notifies, in the member's words, in the order of how personal each is. */
const KINDS: [Exclude<keyof PushPreferences, 'previews'>, string][] = [
  ['messages', T.pushMessages],
  ['mentions', T.pushMentions],
  ['friend_requests', T.pushFriendRequests],
  ['calls', T.pushCalls],
  ['moments', T.pushMoments],
  ['community', T.pushCommunity],
  ['reminders', T.pushReminders],
];

type Refusal = Exclude<SubscribeOutcome, 'subscribed'>;

/** What a refusal of the browser's permission means, and how to undo it. */
const REFUSAL_TEXT: Record<Refusal, string> = { denied: T.pushDenied, dismissed: T.pushDismissed };

/** Stops this browser's subscription, and the server's row of it when there is one. */
async function turnOffHere(
  current: PushSubscriptionEntry | undefined,
  remove: (s: PushSubscriptionEntry) => unknown,
) {
  await unsubscribeThisBrowser();
  if (current) await remove(current);
}

/**
 * "Notify me on this device" (decision 0056): the browser's permission is asked only on this switch; a refusal
 * says how to undo it. A browser without the Push API says so instead, an iPhone that Orbit must be on the
 * Home Screen.
 */
function ThisDevice({
  support,
  current,
}: {
  support: PushSupport;
  current: PushSubscriptionEntry | undefined;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useRemovePushSubscription();
  const [pending, setPending] = useState<boolean | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(() =>
    support === 'supported' && notificationPermission() === 'denied' ? 'denied' : null,
  );
  if (support !== 'supported') {
    return (
      <section className={styles.group} aria-label={t(T.pushThisDevice)}>
        <p className={styles.muted}>{t(support === 'home-screen' ? T.pushHomeScreen : T.pushUnsupported)}</p>
      </section>
    );
  }
  const on = pending ?? (current !== undefined && notificationPermission() === 'granted');
  const turn = async (next: boolean) => {
    setPending(next);
    setRefusal(null);
    try {
      if (next) {
        const outcome = await subscribeThisDevice();
        if (outcome !== 'subscribed') {
          // Nothing changed anywhere: the switch goes back off with the refusal's words, not a round trip later.
          setRefusal(outcome);
          setPending(null);
          return;
        }
      } else {
        await turnOffHere(current, remove.mutateAsync);
      }
      await queryClient.invalidateQueries({ queryKey: pushKeys.subscriptions });
    } catch (error) {
      console.warn('[orbit] push subscription failed', error);
      showError(next ? T.pushTurnOnFailed : T.pushTurnOffFailed, T.pleaseTryAgainCap);
    }
    setPending(null);
  };
  return (
    <section className={styles.group} aria-label={t(T.pushThisDevice)}>
      <SwitchRow label={t(T.pushThisDevice)} checked={on} onChange={(next) => void turn(next)} />
      <p className={styles.muted}>{t(T.pushThisDeviceHint)}</p>
      <div aria-live="polite">{refusal && <p className={styles.notice}>{t(REFUSAL_TEXT[refusal])}</p>}</div>
    </section>
  );
}

/** What notifies, for all of the member's devices; a refused change moves its switch back and says so. */
function WhatNotifies({ preferences }: { preferences: PushPreferences }) {
  const { t } = useTranslation();
  const titleId = useId();
  const update = useUpdatePushPreferences();
  const change = (key: keyof PushPreferences, label: string, on: boolean) =>
    update.mutate(
      { [key]: on },
      { onError: () => showError(T.unableToChange, T.pleaseTryAgain, positional(t(label))) },
    );
  return (
    <>
      <section className={styles.group} aria-labelledby={titleId}>
        <h3 id={titleId} className={styles.sectionTitle}>
          {t(T.pushWhat)}
        </h3>
        {KINDS.map(([key, label]) => (
          <SwitchRow
            key={key}
            label={t(label)}
            checked={preferences[key]}
            onChange={(on) => change(key, label, on)}
          />
        ))}
      </section>
      <section className={styles.group} aria-label={t(T.pushPreviews)}>
        <SwitchRow
          label={t(T.pushPreviews)}
          checked={preferences.previews}
          onChange={(on) => change('previews', T.pushPreviews, on)}
        />
        <p className={styles.muted}>{t(T.pushPreviewsHint)}</p>
      </section>
    </>
  );
}

const addedOn = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** This device first, then the others newest first. */
const byCurrentThenNewest = (a: PushSubscriptionEntry, b: PushSubscriptionEntry) =>
  Number(b.current) - Number(a.current) || b.created_at.localeCompare(a.created_at);

/** The devices notified, each with Remove; removing this one also ends the browser's subscription. */
function NotifiedDevices({ subscriptions }: { subscriptions: PushSubscriptionEntry[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  const remove = useRemovePushSubscription();
  const stop = async (subscription: PushSubscriptionEntry, name: string) => {
    try {
      if (subscription.current) await unsubscribeThisBrowser();
      await remove.mutateAsync(subscription);
      confirmDone(T.pushRemoved, positional(name));
    } catch (error) {
      console.warn('[orbit] removing a push subscription failed', error);
      showError(T.pushTurnOffFailed, T.pleaseTryAgainCap);
    }
  };
  return (
    <section aria-labelledby={titleId} className={styles.stackTight}>
      <h3 id={titleId} className={styles.sectionTitle}>
        {t(T.pushDevices)}
      </h3>
      {subscriptions.length === 0 ? (
        <p className={styles.muted}>{t(T.pushDevicesNone)}</p>
      ) : (
        <ul className={styles.rows} aria-labelledby={titleId}>
          {[...subscriptions].sort(byCurrentThenNewest).map((subscription) => {
            const name = deviceLabel(t, subscription.user_agent);
            return (
              <DeviceRow
                key={subscription.subscription_id}
                name={name}
                detail={`${subscription.current ? `${t(T.devicesThisDevice)} · ` : ''}${t(T.pushAdded, positional(addedOn(subscription.created_at)))}`}
                action={{
                  label: t(T.pushRemove),
                  name: t(T.pushRemoveNamed, positional(name)),
                  onClick: () => void stop(subscription, name),
                }}
              />
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** Settings > Notifications when Orbit is closed (issue 26, decision 0056). */
export function PushSettings() {
  const { t } = useTranslation();
  const preferences = usePushPreferences();
  const subscriptions = usePushSubscriptions();
  if (preferences.isError || subscriptions.isError) {
    const retry = () => {
      void preferences.refetch();
      void subscriptions.refetch();
    };
    return <RetryAlert text={t(T.pushLoadFailed)} onRetry={retry} />;
  }
  if (!preferences.data || !subscriptions.data) return <p className={styles.muted}>{t(T.loading)}</p>;
  const list = subscriptions.data.subscriptions;
  return (
    <div className={styles.stack}>
      <ThisDevice support={pushSupport()} current={list.find((s) => s.current)} />
      <WhatNotifies preferences={preferences.data} />
      <NotifiedDevices subscriptions={list} />
    </div>
  );
}
