import { Input } from 'antd';

interface FilterProps {
  label: string;
  placeholder?: string;
  value: string | undefined;
  onChange: (v: string | undefined) => void;
  width: number;
  maxLength?: number;
}

/** A word search over a list: the list is asked again on Enter or the search button, not on every key. */
export function SearchFilter({ label, placeholder, value, onChange, width }: FilterProps) {
  return (
    <Input.Search
      allowClear
      aria-label={label}
      placeholder={placeholder ?? label}
      defaultValue={value}
      onSearch={(v) => onChange(v.trim() || undefined)}
      style={{ width }}
    />
  );
}

/**
 * A code typed into a list filter (the start of an ОКПД2 code, a number): it applies on leaving the field or Enter.
 * Keyed by the URL's value, so a reset of the filters clears what the field shows.
 */
export function TextFilter({ label, placeholder, value, onChange, width, maxLength }: FilterProps) {
  return (
    <Input
      key={`${label}-${value ?? ''}`}
      allowClear
      aria-label={label}
      placeholder={placeholder ?? label}
      maxLength={maxLength}
      defaultValue={value}
      onBlur={(e) => onChange(e.target.value.trim() || undefined)}
      onPressEnter={(e) => onChange(e.currentTarget.value.trim() || undefined)}
      style={{ width }}
    />
  );
}
