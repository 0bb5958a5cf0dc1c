import { Form, Select, type SelectProps } from 'antd';
import { DAYS_UNITS, daysUnitText } from '@proc/contract';

/**
 * «календарных дней» / «рабочих дней» beside a count, in the form the count asks for («3 календарных дня», «1 рабочий
 * день»): the count is read from the form field `countName` as the user types it.
 */
export function DaysUnitSelect({ countName, ...props }: SelectProps & { countName: string | (string | number)[] }) {
  const count = Form.useWatch(countName, Form.useFormInstance()) as number | null | undefined;
  const n = typeof count === 'number' ? count : 5;
  return <Select {...props} options={DAYS_UNITS.map((u) => ({ value: u, label: daysUnitText(n, u) }))} />;
}
