import { AppId, type CreateMomentBody, ErrorCode, LIMITS, type Moment } from '@orbit/contract';
import { useEffect, useId, useState } from 'react';
import { refusedWith } from '../../api/errors';
import { useAppCriteria, useCreateMoment } from '../../api/moments';
import { useConnections } from '../../api/social';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { dialogBack } from '../../ui/dialogStore';
import { Segmented, SelectField } from '../../ui/Field';
import fieldStyles from '../../ui/Field.module.css';
import { showError } from '../../ui/popup';
import { confirmDone } from '../../ui/toast';
import { Checklist } from './Checklist';
import { closeMomentsWith } from './closeWith';
import styles from './Moments.module.css';
import { chosenMomentType, createButtonLabel, lacksParticipants } from './rules';

/** The applications a moment may belong to; none means member to member. */
const APP_OPTIONS = Object.values(AppId).filter((id) => id !== AppId.SURVEY);

interface Draft {
  bgAppId: number | null;
  factor: boolean;
  criterion: string | null;
  message: string;
  friendIds: number[];
  communityIds: number[];
}

function bodyOf(draft: Draft, original: Moment | undefined): CreateMomentBody {
  return {
    type: chosenMomentType(draft.factor, draft.friendIds.length + draft.communityIds.length),
    participants: { friend_ids: draft.friendIds, community_ids: draft.communityIds },
    factor: draft.factor,
    criteria: draft.criterion ? [{ name: draft.criterion, show: draft.factor }] : [],
    message: draft.message,
    bg_app_id: draft.bgAppId,
    original_moment_id: original?.moment_id ?? null,
  };
}

/** A failed GET is the module's end (docs/product/moments.md (the section of the failing call)): each with its own text. */
function useCloseOnError(failed: boolean, text: string) {
  useEffect(() => {
    if (failed) void closeMomentsWith(text);
  }, [failed, text]);
}

/**
 * Moment create (docs/product/moments.md#moment-create, #criteria): the Show Factor, the criteria of the chosen application, a message and the
 * friends and communities to send it to. Nobody chosen saves a treasure; someone chosen sends a share, or a
 * dare with the factor On. Two columns once the screen is 640 wide (a container query).
 */
export function MomentCreate({ original }: { original?: Moment }) {
  const { t } = useTranslation();
  const createMoment = useCreateMoment();
  const messageId = useId();
  const [draft, setDraft] = useState<Draft>({
    bgAppId: original?.bg_app_id ?? null,
    factor: false,
    criterion: original?.criteria[0]?.name ?? null,
    message: original?.message ?? '',
    friendIds: [],
    communityIds: [],
  });
  const change = (patch: Partial<Draft>) => setDraft((old) => ({ ...old, ...patch }));
  const criteria = useAppCriteria(draft.bgAppId);
  const connections = useConnections();
  useCloseOnError(criteria.isError, T.unableToGetApp);
  useCloseOnError(connections.isError, T.unableToGetConnections);
  const firstCriterion = criteria.data?.moment.criteria[0]?.name ?? null;
  // Choosing another application clears the criterion: its first is chosen again, even when it is the same.
  useEffect(() => {
    if (firstCriterion && !draft.criterion) setDraft((old) => ({ ...old, criterion: firstCriterion }));
  }, [firstCriterion, draft.criterion]);

  const selected = draft.friendIds.length + draft.communityIds.length;
  const submit = async () => {
    if (lacksParticipants(draft.factor, selected)) return showError(T.noParticipants, T.selectParticipant);
    try {
      await createMoment(bodyOf(draft, original));
      confirmDone(T.momentSent);
      await dialogBack();
    } catch (error) {
      if (refusedWith(error, ErrorCode.no_participants)) showError(T.noParticipants, T.selectParticipant);
      else await closeMomentsWith(T.unableToCreateMoment);
    }
  };

  return (
    <div className={styles.create}>
      <div className={styles.createGrid}>
        <div className={styles.stack}>
          <SelectField
            label={t(T.momentApp)}
            placeholder={t(T.momentNoApp)}
            value={draft.bgAppId ?? ''}
            options={APP_OPTIONS.map((id) => ({ value: String(id), label: t(`app.${id}`) }))}
            onChange={(event) =>
              change({ bgAppId: event.target.value ? Number(event.target.value) : null, criterion: null })
            }
          />
          <Segmented
            legend={t(T.momentShowFactor)}
            value={draft.factor ? 'on' : 'off'}
            options={[
              { value: 'on', label: t(T.momentFactorOn) },
              { value: 'off', label: t(T.momentFactorOff) },
            ]}
            onChange={(value) => change({ factor: value === 'on' })}
          />
          {criteria.data && criteria.data.moment.criteria.length > 0 && (
            <Segmented
              legend={t(T.momentCriteria)}
              value={draft.criterion ?? ''}
              options={criteria.data.moment.criteria.map((c) => ({ value: c.name, label: c.display_name }))}
              onChange={(criterion) => change({ criterion })}
            />
          )}
          <div className={fieldStyles.field}>
            <label className={fieldStyles.label} htmlFor={messageId}>
              {t(T.momentMessage)}
            </label>
            <textarea
              id={messageId}
              className={`${fieldStyles.control} ${styles.messageBox}`}
              rows={4}
              maxLength={LIMITS.message}
              value={draft.message}
              onChange={(event) => change({ message: event.target.value })}
            />
          </div>
        </div>
        <div className={styles.stack}>
          <Checklist
            legend={t(T.momentFriends)}
            items={connections.data?.friends ?? []}
            chosen={draft.friendIds}
            onChange={(friendIds) => change({ friendIds })}
          />
          <Checklist
            legend={t(T.momentCommunities)}
            items={connections.data?.communities ?? []}
            chosen={draft.communityIds}
            onChange={(communityIds) => change({ communityIds })}
          />
        </div>
      </div>
      <div className={styles.submit}>
        <Button onClick={() => void submit()}>{t(createButtonLabel(selected))}</Button>
      </div>
    </div>
  );
}
