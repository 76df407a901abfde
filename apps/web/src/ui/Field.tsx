import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import styles from './Field.module.css';
import listStyles from './List.module.css';

interface FieldIds {
  inputId: string;
  describedBy: string | undefined;
}

interface FieldFrameProps {
  label: string;
  error?: string | null;
  hint?: string | null;
  children: (ids: FieldIds) => ReactNode;
}

/** Label, control, then a hint or an error announced with the control. */
function FieldFrame({ label, error, hint, children }: FieldFrameProps) {
  const inputId = useId();
  const noteId = useId();
  const note = error || hint;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      {children({ inputId, describedBy: note ? noteId : undefined })}
      {note && (
        <p id={noteId} className={error ? styles.error : styles.hint} role={error ? 'alert' : undefined}>
          {note}
        </p>
      )}
    </div>
  );
}

/** What a text control takes from its frame: its id, its note, whether it is invalid, its look. */
function controlProps(ids: FieldIds, error: string | null | undefined, className: string | undefined) {
  return {
    id: ids.inputId,
    'aria-describedby': ids.describedBy,
    'aria-invalid': error ? true : undefined,
    className: `${styles.control} ${className ?? ''}`,
  };
}

/** A text control's label and the note under it: a hint, or an error in its place. */
interface LabelledProps {
  label: string;
  error?: string | null;
  hint?: string | null;
}

export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & LabelledProps;

export function TextField({ label, error, hint, className, ...input }: TextFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {(ids) => <input {...controlProps(ids, error, className)} {...input} />}
    </FieldFrame>
  );
}

export type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & LabelledProps;

export function TextAreaField({ label, error, hint, className, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {(ids) => <textarea {...controlProps(ids, error, className)} {...textarea} />}
    </FieldFrame>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  options: readonly SelectOption[];
  placeholder?: string;
  error?: string | null;
}

export function SelectField({ label, options, placeholder, error, className, ...select }: SelectFieldProps) {
  return (
    <FieldFrame label={label} error={error}>
      {({ inputId, describedBy }) => (
        <select
          id={inputId}
          aria-describedby={describedBy}
          className={`${styles.control} ${styles.select} ${className ?? ''}`}
          {...select}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

/** Several controls that make one value (month and year, feet and inches), under one visible legend. */
export function FieldGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className={styles.group}>
      <legend className={styles.label}>{legend}</legend>
      <div className={styles.groupControls}>{children}</div>
    </fieldset>
  );
}

export interface ChoicesProps<V extends string | number> {
  legend: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  disabled?: boolean;
}

interface ChoicesLook {
  group: string;
  legend: string;
  choices: string;
  choice: string;
}

/** Real radio buttons under a legend: arrow keys move between them, the checked one is marked. */
function RadioChoices<V extends string | number>({
  look,
  legend,
  value,
  options,
  onChange,
  disabled,
}: ChoicesProps<V> & { look: ChoicesLook }) {
  const name = useId();
  return (
    <fieldset className={look.group} disabled={disabled}>
      <legend className={look.legend}>{legend}</legend>
      <div className={look.choices}>
        {options.map((option) => (
          <label key={option.value} className={look.choice} data-checked={option.value === value}>
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

const SEGMENTED: ChoicesLook = {
  group: styles.segmented,
  legend: styles.label,
  choices: styles.segments,
  choice: styles.segment,
};

/** A one-of-few choice as a row of real radio buttons. */
export function Segmented<V extends string | number>(props: ChoicesProps<V>) {
  return <RadioChoices look={SEGMENTED} {...props} />;
}

const PICKER: ChoicesLook = {
  group: styles.picker,
  legend: listStyles.sectionTitle,
  choices: styles.pickerChoices,
  choice: styles.pickerChoice,
};

/**
 * A picker of several views (the requests and inactive pages): the choices wrap into two rows on a phone
 * instead of squeezing their words.
 */
export function Picker<V extends string | number>(props: ChoicesProps<V>) {
  return <RadioChoices look={PICKER} {...props} />;
}
