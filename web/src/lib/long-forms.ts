import type { KeyboardEvent } from 'react';
import { noticeStore } from './notices';

// For long forms (a procurement card, the documentation). Kept apart from forms.ts, which the login page uses. The
// refusal is said where every other notice is (noticeStore), not in antd's top-centre message.

/** Where a refused submit takes the user: to the first field in error, focused, in the middle of the screen. */
export const SCROLL_TO_FIRST_ERROR = { behavior: 'smooth', block: 'center', focus: true } as const;

/** Says, besides the red fields, that the form was not sent and why (the fields may be far off screen). */
export function reportInvalidFields(info: { errorFields: { errors: string[] }[] }): void {
  const n = info.errorFields.length;
  if (n)
    noticeStore.show({
      kind: 'error',
      header: 'Проверьте форму',
      message: `Форма не отправлена: исправьте ${n === 1 ? 'поле, отмеченное' : `поля (${n}), отмеченные`} красным`,
    });
}

/**
 * Enter in a field moves nothing and submits nothing — only the «Сохранить» button does. A date picker or a select
 * takes Enter for itself; a stray Enter must not create a procurement. Text areas keep their line breaks.
 */
export function enterDoesNotSubmit(e: KeyboardEvent<HTMLFormElement>): void {
  const target = e.target as HTMLElement;
  if (e.key === 'Enter' && target.tagName === 'INPUT') e.preventDefault();
}
