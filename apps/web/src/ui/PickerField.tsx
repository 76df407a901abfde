import { DialPicker } from './DialPicker';
import { SelectField, type SelectOption } from './Field';
import { useTouchScreen } from './useMediaQuery';

/**
 * A choice among numbers or names (height, weight, date of birth): the dial picker on touch screens
 * (docs/product/account-and-safety.md#profile-ranges), the browser's own select elsewhere. `placeholder` is the "not set" choice.
 */
export function PickerField(props: {
  label: string;
  name: string;
  placeholder?: string;
  options: SelectOption[];
  value: string;
  onChange: (value: string) => void;
}) {
  const touch = useTouchScreen();
  const { label, name, placeholder, options, value, onChange } = props;
  if (touch) {
    const all = placeholder === undefined ? options : [{ value: '', label: placeholder }, ...options];
    return <DialPicker label={label} options={all} value={value} onChange={onChange} />;
  }
  return (
    <SelectField
      label={label}
      name={name}
      placeholder={placeholder}
      options={options}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
