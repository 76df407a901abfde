import { MomentOrigin, type MomentSearchResponse } from '@orbit/contract';
import { useEffect, useState } from 'react';
import {
  type MomentFilterValue,
  type MomentOriginValue,
  useMarkMomentsSeen,
  useMoments,
} from '../../api/moments';
import { open } from '../../app/places';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import cardStyles from '../../ui/Card.module.css';
import { ChoiceRow } from './ChoiceRow';
import { closeMomentsWith } from './closeWith';
import { MomentCard } from './MomentCard';
import styles from './Moments.module.css';
import { incomingSections, MOMENT_FILTERS, unseenMomentIds } from './rules';

const TABS = [
  { value: MomentOrigin.INCOMING, label: T.momentsIncoming },
  { value: MomentOrigin.OUTGOING, label: T.momentsOutgoing },
] as const;

/** Viewing incoming moments marks the pending ones as seen (docs/product/moments.md#moment-status); the own star stops pulsing. */
function useMarkSeen(data: MomentSearchResponse | undefined, origin: MomentOriginValue) {
  const markSeen = useMarkMomentsSeen();
  useEffect(() => {
    if (!data || origin !== MomentOrigin.INCOMING) return;
    const ids = unseenMomentIds(data);
    if (ids.length === 0) return;
    markSeen(ids).catch(() => closeMomentsWith(T.unableToSetMomentStatus));
  }, [data, origin, markSeen]);
}

/** The moments list (docs/product/moments.md#moments-list): incoming and outgoing tabs, the filter toggle, each moment's actions. */
export function MomentsView() {
  const { t } = useTranslation();
  const [origin, setOrigin] = useState<MomentOriginValue>(MomentOrigin.INCOMING);
  const [filter, setFilter] = useState<MomentFilterValue>(0);
  const moments = useMoments(origin, filter);
  useMarkSeen(moments.data, origin);
  const failedAt = moments.isError ? moments.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) void closeMomentsWith(T.unableToGetMoments);
  }, [failedAt]);

  return (
    <div className={styles.stack}>
      <div className={styles.bar}>
        <ChoiceRow
          legend={t(T.momentsShown)}
          width={140}
          value={origin}
          options={TABS.map((tab) => ({ value: tab.value, label: t(tab.label) }))}
          onChange={setOrigin}
        />
        <Button onClick={() => open('moment-create')}>{t(T.momentNew)}</Button>
      </div>
      <ChoiceRow
        legend={t(T.momentsFilter)}
        width={70}
        value={filter}
        options={MOMENT_FILTERS.map((option) => ({ value: option.value, label: t(option.label) }))}
        onChange={setFilter}
      />
      {moments.data && <MomentLists data={moments.data} origin={origin} reload={() => moments.refetch()} />}
    </div>
  );
}

interface ListsProps {
  data: MomentSearchResponse;
  origin: MomentOriginValue;
  reload: () => Promise<unknown>;
}

function MomentLists({ data, origin, reload }: ListsProps) {
  const { t } = useTranslation();
  if (origin === MomentOrigin.OUTGOING) {
    return <MomentList label={t(T.momentsOutgoing)} moments={data.outgoing} outgoing reload={reload} />;
  }
  return (
    <>
      {incomingSections(data).map((section) => (
        <section key={section.key} className={cardStyles.section} aria-label={t(section.title)}>
          <h3 className={styles.sectionTitle}>{t(section.title)}</h3>
          <MomentList
            label={t(section.title)}
            moments={section.moments}
            section={section.key}
            reload={reload}
          />
        </section>
      ))}
    </>
  );
}

interface ListProps {
  label: string;
  moments: MomentSearchResponse['outgoing'];
  outgoing?: boolean;
  section?: 'pending' | 'completed' | 'ignored';
  reload: () => Promise<unknown>;
}

function MomentList({ label, moments, outgoing = false, section, reload }: ListProps) {
  const { t } = useTranslation();
  if (moments.length === 0) return <p className={cardStyles.empty}>{t(T.momentsEmpty)}</p>;
  return (
    <ul className={cardStyles.list} aria-label={label}>
      {moments.map((moment) => (
        <MomentCard
          key={moment.moment_id}
          moment={moment}
          outgoing={outgoing}
          section={section}
          reload={reload}
        />
      ))}
    </ul>
  );
}
