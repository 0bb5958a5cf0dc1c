import type { KeyboardEvent } from 'react';
import { message } from 'antd';
import type { FormInstance, Rule } from 'antd/es/form';
import { MESSAGES } from '@proc/contract/messages';
import { NUMERIC_RE } from '@proc/contract/checks';
import { ApiError } from './api';

/** The spec's form rules (section 5); the required rule trims strings. */
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

/**
 * For long forms (a procurement card, the documentation): Enter in a field moves nothing and submits nothing — only
 * the «Сохранить» button does. A date picker or a select takes Enter for itself; a stray Enter must not create a
 * procurement. Text areas keep their line breaks.
 */
/** Where a refused submit takes the user: to the first field in error, focused, in the middle of the screen. */
export const SCROLL_TO_FIRST_ERROR = { behavior: 'smooth', block: 'center', focus: true } as const;

/** Says, besides the red fields, that the form was not sent and why (the fields may be far off screen). */
export function reportInvalidFields(info: { errorFields: { errors: string[] }[] }): void {
  const n = info.errorFields.length;
  if (n) void message.error(`Форма не отправлена: исправьте ${n === 1 ? 'поле' : `поля (${n})`}, отмеченные красным`);
}

export function enterDoesNotSubmit(e: KeyboardEvent<HTMLFormElement>): void {
  const target = e.target as HTMLElement;
  if (e.key === 'Enter' && target.tagName === 'INPUT') e.preventDefault();
}
