/** Every user-visible Russian text of the specification, word for word (typos included), in one place. */
export const MESSAGES = {
  appTitle: 'Система автоматизации закупок',
  logoutConfirm: 'Вы уверены что хотите выйти?',
  companyPickerPlaceholder: 'Выбрать заказчика',
  emptySelect: 'нет значения',
  loadingDefault: 'Загрузка...',
  loadingWait: 'Делается запрос, подождите...',
  loadingHeader: 'ЗАГРУЗКА',
  loadingRequest: (name: string) => `Выполняется запрос: ${name}`,
  socketErrorHeader: 'ОШИБКА',
  socketError: (host: string) => `Не удаётся подключиться к вебсокетам host: ${host}`,
  socketTimeout: 'operation has timed out',
  copyCode: 'Скопировать код',
  copiedHeader: 'Успешно',
  copiedMessage: 'Код успешно скопирован в буфер обмена, сообщите его оператору!',
  // Form validation
  required: 'Обязательное поле',
  numeric: 'Значение должно быть числовое',
  email: 'Введите корректный email',
  // HTTP errors
  httpErrorHeader: 'Произошла ошибка сервера',
  http404: 'Запрашиваемый ресурс не найден',
  http504: 'Время ожиадания ответа истекло. Попробуйте позже',
  httpWithCode: (code: string) => `Обратитесь к оператору / Код ошибки: ${code}`,
  httpUnknown: 'Произошла неизвестная ошибка',
  companyNoTitle: (id: string | number) => `id:${id}`,
  // Real-time notices
  updErrorHeader: (file: string) => `Не удалось обработать УПД "${file}"`,
  updSuccessHeader: 'УПД обработано',
  updSuccess: (file: string) => `УПД "${file}" успешно обработано`,
  contractsErrorHeader: 'Ошибка обработки договоров',
  contractsSuccessHeader: 'Договоры успешно обработаны',
  contractsSuccess: (from: string, to: string) => `Договоры за период ${from}-${to} успешно обработаны и добавлены`,
  contractSuccessHeader: 'Договор успешно обработан',
  contractSuccess: (n: string) => `Номер загруженного договора: ${n}`,
  paymentErrorHeader: (file: string) => `Не удалось обработать платежное поручение "${file}"`,
  paymentSuccessHeader: 'Платежное поручение обработано',
  paymentSuccess: (file: string) => `Платежное поручение "${file}" успешно обработано`,
  executionErrorHeader: (n: string) => `Не удалось обработать исполнение для договора "${n}"`,
  executionSuccessHeader: 'Исполнение обработано',
  executionSuccess: (n: string) => `Исполнение для договора "${n}" успешно обработано`,
  reportErrorHeader: (n: string) => `Не удалось создать отчёт для договора "${n}"`,
  reportSuccessHeader: 'Отчёт успешно сформирован',
  reportSuccess: (n: string) => `Отчёт для договора с регистрационным номером "${n}" успешно сформирован`,
  // not in the spec: the monthly summary has no contract number, and an import may find nothing or only duplicates
  monthlyReportSuccessHeader: 'Сводка о договорах сформирована',
  monthlyReportSuccess: (period: string) => `Ежемесячная сводка о договорах за период ${period} сформирована`,
  monthlyReportErrorHeader: (period: string) => `Не удалось сформировать сводку о договорах за период ${period}`,
  contractsNothingHeader: 'Новых договоров нет',
  /** The token's ЕИС request budget has no slot now (errorInfo code 13, or the pacing of the integration service). */
  eisRateLimited: (seconds: number) => `лимит запросов ЕИС, повторите через ${seconds} с`,
  contractsNothing: (from: string, to: string) => `В ЕИС нет договоров организации за период ${from}-${to}`,
  importCounts: (c: { created?: number; updated?: number; duplicates?: number; rejected?: number; matched?: number }) =>
    [
      `добавлено: ${c.created ?? 0}`,
      c.updated !== undefined ? `обновлено: ${c.updated}` : null,
      c.duplicates !== undefined ? `уже были загружены: ${c.duplicates}` : null,
      c.matched !== undefined ? `привязано к договорам: ${c.matched}` : null,
      `отклонено: ${c.rejected ?? 0}`,
    ]
      .filter(Boolean)
      .join(', '),
} as const;
