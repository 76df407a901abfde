import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId } from 'react';
import styles from './Field.module.css';

interface FieldFrameProps {
  label: string;
  error?: string | null;
  hint?: string | null;
  children: (ids: { inputId: string; describedBy: string | undefined }) => ReactNode;
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

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | null;
  hint?: string | null;
}

export function TextField({ label, error, hint, className, ...input }: TextFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {({ inputId, describedBy }) => (
        <input
          id={inputId}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          className={`${styles.control} ${className ?? ''}`}
          {...input}
        />
      )}
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

/** A one-of-few choice as a row of real radio buttons. */
export function Segmented<V extends string | number>({
  legend,
  value,
  options,
  onChange,
  disabled,
}: {
  legend: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <fieldset className={styles.segmented} disabled={disabled}>
      <legend className={styles.label}>{legend}</legend>
      <div className={styles.segments}>
        {options.map((option) => (
          <label key={option.value} className={styles.segment} data-checked={option.value === value}>
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
