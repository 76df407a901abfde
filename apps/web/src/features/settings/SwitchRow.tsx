import { useId } from 'react';
import styles from './Settings.module.css';

/** A labelled on/off switch row of the settings (notifications, sounds). */
export function SwitchRow(props: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The id of the label, for a section that names itself after it. */
  labelId?: string;
}) {
  const switchId = useId();
  return (
    <div className={styles.switchRow}>
      <label id={props.labelId} htmlFor={switchId}>
        {props.label}
      </label>
      <input
        id={switchId}
        type="checkbox"
        role="switch"
        aria-checked={props.checked}
        className={styles.switch}
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
      />
    </div>
  );
}
