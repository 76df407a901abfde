import { AccessType, COMMUNITY_COLORS, LIMITS } from '@orbit/contract';
import { useState } from 'react';
import { useChangeCommunityImage, useCreateCommunity } from '../../api/communities';
import { useProfiles } from '../../api/profiles';
import { open } from '../../app/places';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { Segmented, TextField } from '../../ui/Field';
import fieldStyles from '../../ui/Field.module.css';
import layoutStyles from '../../ui/Layout.module.css';
import listStyles from '../../ui/List.module.css';
import { showError } from '../../ui/popup';
import { confirmDone } from '../../ui/toast';
import styles from './Communities.module.css';
import { CommunityIcon } from './CommunityIcon';
import { PicturePicker } from './PicturePicker';
import {
  type CreateForm,
  canCreate,
  createBody,
  EMPTY_CREATE_FORM,
  inviteCandidates,
  toggled,
  typedInitials,
  typedName,
} from './rules';

/**
 * New Community (docs/product/communities.md#create): picture, name, initials, icon colour, description, access type and friends to
 * invite; CREATE is enabled once the name is non-empty. A failed creation is silent and keeps the form.
 */
export function CreateCommunity() {
  const { t } = useTranslation();
  const [form, setForm] = useState<CreateForm>(EMPTY_CREATE_FORM);
  const [image, setImage] = useState<string | null>(null);
  const create = useCreateCommunity();
  const changeImage = useChangeCommunityImage();
  const set = (change: Partial<CreateForm>) => setForm((current) => ({ ...current, ...change }));

  const submit = async () => {
    const body = createBody(form);
    let id: number;
    try {
      id = (await create.mutateAsync(body)).id;
    } catch {
      return;
    }
    if (image) {
      await changeImage
        .mutateAsync({ id, image })
        .catch(() => showError(T.unableToUploadImage, T.pleaseTryAgain));
    }
    open('community', { id, name: body.name, instead: true });
    confirmDone(T.communityCreated, positional(body.name));
  };

  return (
    <form
      className={layoutStyles.form}
      aria-label={t(T.communityCreateTitle)}
      onSubmit={(event) => {
        event.preventDefault();
        if (canCreate(form)) void submit();
      }}
    >
      <fieldset className={styles.panel}>
        <legend className="visually-hidden">{t(T.communityImage)}</legend>
        <p className={listStyles.sectionTitle}>{t(T.communityImage)}</p>
        <div className={styles.pictureRow}>
          <CommunityIcon
            face={{ name: form.name, image_url: image, color: form.color, initials: form.initials }}
            size={72}
          />
          <PicturePicker label={t(image ? T.changePhoto : T.choosePhoto)} onPicked={setImage} />
        </div>
      </fieldset>
      <div className={styles.pair}>
        <TextField
          label={t(T.communityName)}
          value={form.name}
          maxLength={LIMITS.communityName}
          required
          onChange={(event) => set({ name: typedName(event.target.value) })}
        />
        <TextField
          label={t(T.communityInitials)}
          value={form.initials}
          autoCapitalize="characters"
          onChange={(event) => set({ initials: typedInitials(event.target.value) })}
        />
      </div>
      <fieldset className={styles.palette}>
        <legend className={fieldStyles.label}>{t(T.communityIconColour)}</legend>
        {COMMUNITY_COLORS.map((color, index) => (
          <label key={color} className={styles.swatch} style={{ background: color }}>
            <input
              type="radio"
              name="community-colour"
              className={styles.overlayInput}
              aria-label={t(T.colourOption, positional(index + 1))}
              checked={form.color === color}
              onChange={() => set({ color })}
            />
          </label>
        ))}
      </fieldset>
      <label className={fieldStyles.field}>
        <span className={fieldStyles.label}>{t(T.communityDescription)}</span>
        <textarea
          className={`${fieldStyles.control} ${styles.textarea}`}
          value={form.description}
          maxLength={LIMITS.postMessage}
          onChange={(event) => set({ description: event.target.value })}
        />
      </label>
      <Segmented
        legend={t(T.communityAccessType)}
        value={form.accessType}
        options={[
          { value: AccessType.PUBLIC, label: t(T.accessPublic) },
          { value: AccessType.PRIVATE, label: t(T.accessPrivate) },
        ]}
        onChange={(accessType) => set({ accessType })}
      />
      <Invitees
        selected={form.invitees}
        onToggle={(userId) => set({ invitees: toggled(form.invitees, userId) })}
      />
      <div className={layoutStyles.buttons}>
        <Button type="submit" disabled={!canCreate(form) || create.isPending}>
          {t(T.communityCreate)}
        </Button>
      </div>
    </form>
  );
}

/** Members to invite: the member's friend stars only (docs/product/communities.md#experts). */
function Invitees({
  selected,
  onToggle,
}: {
  selected: readonly number[];
  onToggle: (userId: number) => void;
}) {
  const { t } = useTranslation();
  const friends = inviteCandidates(useProfiles().data?.stars ?? []);
  return (
    <fieldset className={styles.panel}>
      <legend className="visually-hidden">{t(T.communityMembersToInvite)}</legend>
      <p className={listStyles.sectionTitle}>{t(T.communityMembersToInvite)}</p>
      {friends.length === 0 ? (
        <p className={styles.muted}>{t(T.inactiveEmptyFriends)}</p>
      ) : (
        <ul className={styles.picks}>
          {friends.map((friend) => (
            <li key={friend.userId}>
              <label className={styles.pick}>
                <input
                  type="checkbox"
                  checked={selected.includes(friend.userId)}
                  onChange={() => onToggle(friend.userId)}
                />
                {friend.name}
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
