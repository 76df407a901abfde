import styles from './Moments.module.css';

interface ChecklistProps {
  legend: string;
  items: readonly { id: number; display_name: string }[];
  chosen: readonly number[];
  onChange: (chosen: number[]) => void;
}

/** Friends or communities to send a moment to, as real checkboxes. */
export function Checklist({ legend, items, chosen, onChange }: ChecklistProps) {
  const toggle = (id: number, on: boolean) =>
    onChange(on ? [...chosen, id] : chosen.filter((other) => other !== id));
  return (
    <fieldset className={styles.checklist}>
      <legend className={styles.sectionTitle}>{legend}</legend>
      {items.map((item) => (
        <label key={item.id} className={styles.check}>
          <input
            type="checkbox"
            checked={chosen.includes(item.id)}
            onChange={(event) => toggle(item.id, event.target.checked)}
          />
          <span>{item.display_name}</span>
        </label>
      ))}
    </fieldset>
  );
}
