import { useState } from 'react';
import { Input, type InputProps } from 'antd';
import type { FormRule as Rule } from 'antd';
import { MESSAGES } from '@proc/contract/messages';
import { decimalProblem, formatDecimalInput, normalizeDecimal, type DecimalRule } from '@proc/contract/money';

export interface MoneyInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  /** The stored decimal string ("1500000.50"), or null/undefined for none. */
  value?: string | number | null;
  onChange?: (value: string | null) => void;
  /** Decimals shown (2 for money). */
  scale?: number;
}

/**
 * The one money and quantity input: typed freely («1 500 000,50», «1500000.5»), kept in the form as
 * a decimal string without spaces and with a point — never a float — and shown grouped «1 500 000,50» once the field
 * is left. Its rules are `moneyRules`, the contract's own (`decimalProblem`), so the form says what the server would.
 */
export function MoneyInput({ value, onChange, scale = 2, onFocus, onBlur, ...rest }: MoneyInputProps) {
  // the text while the user types; null when the field shows the stored value formatted
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? formatDecimalInput(value, scale);
  return (
    <Input
      inputMode="decimal"
      autoComplete="off"
      {...rest}
      value={shown}
      onFocus={(e) => {
        setText(formatDecimalInput(value, scale));
        onFocus?.(e);
      }}
      onChange={(e) => {
        setText(e.target.value);
        onChange?.(e.target.value.trim() === '' ? null : normalizeDecimal(e.target.value));
      }}
      onBlur={(e) => {
        setText(null);
        onBlur?.(e);
      }}
    />
  );
}

/** Form rules of a money field from the contract's rule set; `required` adds the spec's required rule. */
export function moneyRules(rule: DecimalRule & { required?: boolean } = {}): Rule[] {
  return [
    ...(rule.required ? [{ required: true, message: MESSAGES.required }] : []),
    {
      validator: (_: unknown, v: unknown) => {
        if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return Promise.resolve();
        const problem = decimalProblem(String(v), rule);
        return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
      },
    },
  ];
}
