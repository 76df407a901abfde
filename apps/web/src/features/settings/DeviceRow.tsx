import { Button } from '../../ui/Button';
import styles from './Settings.module.css';

/** One device of a settings list (signed in, or notified): its name, a line about it, and an action. */
export function DeviceRow(props: {
  name: string;
  detail: string;
  /** The action's visible word and its name with the device's ("Sign out", "Sign out Firefox on Linux"). */
  action?: { label: string; name: string; onClick: () => void };
}) {
  const { action } = props;
  return (
    <li className={styles.device}>
      <div className={styles.deviceText}>
        <p className={styles.deviceName}>{props.name}</p>
        <p className={styles.muted}>{props.detail}</p>
      </div>
      {action && (
        <Button variant="secondary" aria-label={action.name} onClick={action.onClick}>
          {action.label}
        </Button>
      )}
    </li>
  );
}
