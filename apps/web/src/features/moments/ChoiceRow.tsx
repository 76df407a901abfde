import { useId } from 'react';
import styles from './Moments.module.css';

export interface ChoiceRowProps<V extends number | string> {
  legend: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  /** The tabs are 140 wide, the filter items 70 (docs/product/moments.md#moment-create). */
  width: 70 | 140;
}

/** Tabs and the filter toggle as real radio buttons of a fixed width: arrow keys move between them. */
export function ChoiceRow<V extends number | string>({
  legend,
  value,
  options,
  onChange,
  width,
}: ChoiceRowProps<V>) {
  const name = useId();
  return (
    <fieldset className={styles.choices}>
      <legend className="visually-hidden">{legend}</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className={styles.choice}
          style={{ width }}
          data-checked={option.value === value}
        >
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
    </fieldset>
  );
}
