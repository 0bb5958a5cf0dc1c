export { CONTRACT_STATUS_TITLES, contractStatusTitle } from '@proc/contract';
export const CONTRACT_STATUS_COLORS: Record<string, string> = {
  registered: 'green',
  editing: 'blue',
  invalid: 'red',
  changing: 'orange',
  executing: 'blue',
  completed: 'green',
  terminated: 'red',
};

export const EXECUTION_STATUS_TITLES: Record<string, string> = {
  draft: 'Подготовлены',
  sent: 'Отправлены',
  registered: 'Зарегистрированы в ЕИС',
  rejected: 'Отклонены ЕИС',
  withdrawn: 'Отозваны',
};
export const EXECUTION_STATUS_COLORS: Record<string, string> = {
  draft: 'default',
  sent: 'blue',
  registered: 'green',
  rejected: 'red',
  withdrawn: 'default',
};

export const REPORT_STATUS_TITLES: Record<string, string> = { pending: 'Формируется', ready: 'Готов', error: 'Ошибка' };
export const REPORT_KIND_TITLES: Record<string, string> = {
  contract_execution: 'Исполнение договора',
  monthly_summary: 'Ежемесячная сводка',
};

/** The server sends shares as '42.50'; a bar needs a clamped number (display only, never money maths). */
export const shareNumber = (s: string | null | undefined) => Math.max(0, Math.min(100, Number(s ?? 0) || 0));

const MONTHS = ['январь', 'февраль', 'март', 'апрель', 'май', 'июнь', 'июль', 'август', 'сентябрь', 'октябрь', 'ноябрь', 'декабрь'];
/** «2026-10-01» → «октябрь 2026»: a report's month in words, never as an ISO fragment. */
export const monthTitle = (iso: string): string => `${MONTHS[Number(iso.slice(5, 7)) - 1] ?? iso.slice(5, 7)} ${iso.slice(0, 4)}`;
