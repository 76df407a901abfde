import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { useSoundSetting } from '../../ui/sounds';
import styles from './Settings.module.css';
import { SwitchRow } from './SwitchRow';

/** The sounds switch (docs/product/calls-and-lessons.md#incoming-call): beep, tag user, general, mic granted and incoming call, on this device. */
export function SoundSetting() {
  const { t } = useTranslation();
  const enabled = useSoundSetting((s) => s.enabled);
  const setEnabled = useSoundSetting((s) => s.setEnabled);
  return (
    <section className={styles.group}>
      <SwitchRow label={t(T.sounds)} checked={enabled} onChange={setEnabled} />
    </section>
  );
}
