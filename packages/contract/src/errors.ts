/** One error envelope for the whole API: `{ statusCode, error, message, code, sentry_code? }`. */
export const ERROR_STATUS = {
  VALIDATION: 400,
  BAD_FILE: 400,
  UNAUTHORIZED: 401,
  LOGIN_FAILED: 401,
  FORBIDDEN: 403,
  USER_BLOCKED: 403,
  TARIFF_LIMIT: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  IN_USE: 409,
  INVALID_STATE: 409,
  /** The action needs the user's confirmation: the message says why; the client repeats it with the confirmation. */
  CONFIRM_REQUIRED: 409,
  /** The HTTP parser's own refusals, before any route (Node's `clientError`). */
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL: 500,
  UPSTREAM: 502,
  TIMEOUT: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorBody {
  statusCode: number;
  error: string;
  code: ErrorCode;
  message: string;
  /** Field → messages, for form errors shown under the field. */
  fields?: Record<string, string[]>;
  sentry_code?: string;
}

/** Default Russian texts for codes that carry no specific message. */
export const ERROR_TEXT: Record<ErrorCode, string> = {
  VALIDATION: 'Проверьте правильность заполнения полей',
  BAD_FILE: 'Файл не удалось обработать',
  UNAUTHORIZED: 'Требуется вход в систему',
  LOGIN_FAILED: 'Неверный логин или пароль',
  FORBIDDEN: 'Недостаточно прав для этого действия',
  USER_BLOCKED: 'Пользователь заблокирован. Обратитесь к администратору',
  TARIFF_LIMIT: 'Действие недоступно по условиям тарифа',
  NOT_FOUND: 'Запрашиваемый ресурс не найден',
  CONFLICT: 'Запись с такими данными уже существует',
  IN_USE: 'Элемент используется и не может быть удалён',
  INVALID_STATE: 'Действие недоступно в текущем состоянии',
  CONFIRM_REQUIRED: 'Действие требует подтверждения',
  REQUEST_TIMEOUT: 'Запрос не был получен полностью за отведённое время. Повторите его',
  PAYLOAD_TOO_LARGE: 'Размер данных превышает допустимый',
  UNSUPPORTED_MEDIA: 'Неподдерживаемый тип данных',
  RATE_LIMITED: 'Слишком много попыток. Попробуйте позже',
  HEADERS_TOO_LARGE: 'Слишком длинный адрес или заголовки запроса: сократите строку запроса (фильтры, поиск)',
  INTERNAL: 'Произошла неизвестная ошибка',
  UPSTREAM: 'Внешний сервис недоступен. Попробуйте позже',
  TIMEOUT: 'Время ожиадания ответа истекло. Попробуйте позже',
};
