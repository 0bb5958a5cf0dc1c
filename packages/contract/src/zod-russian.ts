import type { z } from 'zod';
import { genitiveAfterNumberRu } from './format';
import { MESSAGES } from './messages';

/**
 * Zod's messages for the schemas that name none, in Russian. Zod 4's own `locales.ru` leaves the type names in English
 * («ожидалось string, получено number»), and a user reads these under a form field, so the words are ours.
 */
const TYPE_NAMES: Record<string, string> = {
  string: 'строка',
  number: 'число',
  int: 'целое число',
  bigint: 'целое число',
  boolean: 'да или нет',
  array: 'список',
  object: 'объект',
  date: 'дата',
  null: 'пустое значение',
};

export const russianIssue: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return MESSAGES.required;
      return `Неверный тип значения: ожидается ${TYPE_NAMES[issue.expected] ?? 'другое значение'}`;
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `Не более ${max} ${genitiveAfterNumberRu(max, 'символа', 'символов')}`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `Не более ${max} ${genitiveAfterNumberRu(max, 'элемента', 'элементов')}`;
      if (issue.origin === 'file') return 'Файл слишком большой';
      return issue.inclusive ? `Значение не больше ${max}` : `Значение меньше ${max}`;
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string')
        return min <= 1 ? MESSAGES.required : `Не менее ${min} ${genitiveAfterNumberRu(min, 'символа', 'символов')}`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `Не менее ${min} ${genitiveAfterNumberRu(min, 'элемента', 'элементов')}`;
      return issue.inclusive ? `Значение не меньше ${min}` : `Значение больше ${min}`;
    }
    case 'invalid_format':
      return issue.format === 'email' ? MESSAGES.email : 'Неверный формат значения';
    case 'not_multiple_of':
      return `Значение должно быть кратно ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return `Лишние поля: ${issue.keys.join(', ')}`;
    case 'invalid_value':
      return 'Недопустимое значение';
    default:
      return 'Некорректное значение';
  }
};
