import type { FormInstance, FormRule as Rule } from 'antd';
import { MESSAGES } from '@proc/contract/messages';
import { NUMERIC_RE } from '@proc/contract/checks';
import { ApiError } from './api';

/** The spec's form rules; the required rule trims strings. */
export const rules = {
  required: { required: true, whitespace: true, message: MESSAGES.required } satisfies Rule,
  requiredAny: { required: true, message: MESSAGES.required } satisfies Rule,
  numeric: { pattern: NUMERIC_RE, message: MESSAGES.numeric } satisfies Rule,
  email: { type: 'email', message: MESSAGES.email } satisfies Rule,
};

/** Puts the server's field errors under the fields; true when there were some. */
export function applyServerErrors(form: FormInstance, err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  const entries = Object.entries(err.fields);
  if (!entries.length) return false;
  form.setFields(entries.map(([name, errors]) => ({ name: name.split('.'), errors })));
  return true;
}
