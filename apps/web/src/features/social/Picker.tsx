import { useId } from 'react';
import styles from './Social.module.css';

export interface PickerProps<V extends string> {
  legend: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}

/**
 * A picker of several views (requests, inactive pages) as real radio buttons: arrow keys move between
 * them, and the choices wrap into two rows on a phone instead of squeezing their words.
 */
export function Picker<V extends string>({ legend, value, options, onChange }: PickerProps<V>) {
  const name = useId();
  return (
    <fieldset className={styles.picker}>
      <legend className={styles.sectionTitle}>{legend}</legend>
      <div className={styles.pickerChoices}>
        {options.map((option) => (
          <label key={option.value} className={styles.pickerChoice} data-checked={option.value === value}>
            <input
              type="radio"
              name={name}
              className="visually-hidden"
              checked={option.value === value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
