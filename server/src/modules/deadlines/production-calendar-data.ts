/**
 * Производственный календарь РФ (пятидневная рабочая неделя) как ДАННЫЕ.
 *
 * A day is non-working when it is a Saturday/Sunday, a нерабочий праздничный день (ТК РФ ст. 112), or the
 * target (`to`) of a day-off transfer; a Saturday/Sunday listed in `workingWeekendDays` is a working day.
 *
 * Sources:
 * - 2024: Постановление Правительства РФ от 10.08.2023 № 1314 «О переносе выходных дней в 2024 году».
 * - 2025: Постановление Правительства РФ от 04.10.2024 № 1335 «О переносе выходных дней в 2025 году».
 * - 2026: Постановление Правительства РФ от 24.09.2025 № 1466 «О переносе выходных дней в 2026 году».
 * - 2027: no decree known when this data was written. The year is DERIVED from ТК РФ ст. 112 alone:
 *   a holiday that falls on a Saturday/Sunday moves the day off to the next working day, except the January
 *   holidays (1–6 and 8 January), whose coinciding weekend days the Government moves by decree. Those two days
 *   (02.01.2027 Sat, 03.01.2027 Sun) are therefore NOT moved here. Replace with the decree once it is published.
 *
 * Shortened days (ТК РФ ст. 95): the working day immediately before a нерабочий праздничный день is one hour
 * shorter; a working Saturday that replaces such a day keeps the shortened length (Приказ Минздравсоцразвития
 * № 588н), which is why 02.11.2024 and 01.11.2025 are shortened. Not used for day counting.
 */
import type { IsoDate } from './iso-date';

export type CalendarSource = 'official' | 'derived';

export interface DayOffTransfer {
  /** The weekend day (possibly coinciding with a holiday) whose rest is moved. */
  from: IsoDate;
  /** The weekday that becomes a day off instead. */
  to: IsoDate;
  basis: 'decree' | 'labour-code-art-112';
}

export interface ProductionCalendarYear {
  year: number;
  source: CalendarSource;
  /** Legal basis of the transfers, in Russian. */
  basis: string;
  /** Нерабочие праздничные дни (ТК РФ ст. 112), whatever weekday they fall on. */
  holidays: IsoDate[];
  /** Переносы выходных дней (by decree or automatically under ст. 112). */
  transfers: DayOffTransfer[];
  /** Рабочие субботы/воскресенья (перенесённые рабочие дни). */
  workingWeekendDays: IsoDate[];
  /** Предпраздничные дни, сокращённые на один час. */
  shortenedDays: IsoDate[];
  note?: string;
}

const ART_112 = 'Трудовой кодекс РФ, ст. 112';

export const PRODUCTION_CALENDAR_2024: ProductionCalendarYear = {
  year: 2024,
  source: 'official',
  basis: 'Постановление Правительства РФ от 10.08.2023 № 1314',
  holidays: [
    '2024-01-01',
    '2024-01-02',
    '2024-01-03',
    '2024-01-04',
    '2024-01-05',
    '2024-01-06',
    '2024-01-07',
    '2024-01-08',
    '2024-02-23',
    '2024-03-08',
    '2024-05-01',
    '2024-05-09',
    '2024-06-12',
    '2024-11-04',
  ],
  transfers: [
    { from: '2024-01-06', to: '2024-05-10', basis: 'decree' },
    { from: '2024-01-07', to: '2024-12-31', basis: 'decree' },
    { from: '2024-04-27', to: '2024-04-29', basis: 'decree' },
    { from: '2024-11-02', to: '2024-04-30', basis: 'decree' },
    { from: '2024-12-28', to: '2024-12-30', basis: 'decree' },
  ],
  workingWeekendDays: ['2024-04-27', '2024-11-02', '2024-12-28'],
  shortenedDays: ['2024-02-22', '2024-03-07', '2024-05-08', '2024-06-11', '2024-11-02'],
};

export const PRODUCTION_CALENDAR_2025: ProductionCalendarYear = {
  year: 2025,
  source: 'official',
  basis: 'Постановление Правительства РФ от 04.10.2024 № 1335',
  holidays: [
    '2025-01-01',
    '2025-01-02',
    '2025-01-03',
    '2025-01-04',
    '2025-01-05',
    '2025-01-06',
    '2025-01-07',
    '2025-01-08',
    '2025-02-23',
    '2025-03-08',
    '2025-05-01',
    '2025-05-09',
    '2025-06-12',
    '2025-11-04',
  ],
  transfers: [
    { from: '2025-01-04', to: '2025-05-02', basis: 'decree' },
    { from: '2025-01-05', to: '2025-12-31', basis: 'decree' },
    { from: '2025-02-23', to: '2025-05-08', basis: 'decree' },
    { from: '2025-03-08', to: '2025-06-13', basis: 'decree' },
    { from: '2025-11-01', to: '2025-11-03', basis: 'decree' },
  ],
  workingWeekendDays: ['2025-11-01'],
  shortenedDays: ['2025-03-07', '2025-04-30', '2025-06-11', '2025-11-01'],
};

export const PRODUCTION_CALENDAR_2026: ProductionCalendarYear = {
  year: 2026,
  source: 'official',
  basis: 'Постановление Правительства РФ от 24.09.2025 № 1466; Трудовой кодекс РФ, ст. 112',
  holidays: [
    '2026-01-01',
    '2026-01-02',
    '2026-01-03',
    '2026-01-04',
    '2026-01-05',
    '2026-01-06',
    '2026-01-07',
    '2026-01-08',
    '2026-02-23',
    '2026-03-08',
    '2026-05-01',
    '2026-05-09',
    '2026-06-12',
    '2026-11-04',
  ],
  transfers: [
    { from: '2026-01-03', to: '2026-01-09', basis: 'decree' },
    { from: '2026-01-04', to: '2026-12-31', basis: 'decree' },
    { from: '2026-03-08', to: '2026-03-09', basis: 'labour-code-art-112' },
    { from: '2026-05-09', to: '2026-05-11', basis: 'labour-code-art-112' },
  ],
  workingWeekendDays: [],
  shortenedDays: ['2026-04-30', '2026-05-08', '2026-06-11', '2026-11-03'],
};

export const PRODUCTION_CALENDAR_2027: ProductionCalendarYear = {
  year: 2027,
  source: 'derived',
  basis: ART_112,
  holidays: [
    '2027-01-01',
    '2027-01-02',
    '2027-01-03',
    '2027-01-04',
    '2027-01-05',
    '2027-01-06',
    '2027-01-07',
    '2027-01-08',
    '2027-02-23',
    '2027-03-08',
    '2027-05-01',
    '2027-05-09',
    '2027-06-12',
    '2027-11-04',
  ],
  transfers: [
    { from: '2027-05-01', to: '2027-05-03', basis: 'labour-code-art-112' },
    { from: '2027-05-09', to: '2027-05-10', basis: 'labour-code-art-112' },
    { from: '2027-06-12', to: '2027-06-14', basis: 'labour-code-art-112' },
  ],
  workingWeekendDays: [],
  shortenedDays: ['2027-02-22', '2027-04-30', '2027-06-11', '2027-11-03', '2027-12-31'],
  note:
    'Выведен из ст. 112 ТК РФ без постановления Правительства о переносе выходных дней: выходные 02.01 и 03.01, ' +
    'совпавшие с новогодними праздниками, не перенесены. Заменить данными постановления после его принятия.',
};

export const PRODUCTION_CALENDAR_YEARS: readonly ProductionCalendarYear[] = [
  PRODUCTION_CALENDAR_2024,
  PRODUCTION_CALENDAR_2025,
  PRODUCTION_CALENDAR_2026,
  PRODUCTION_CALENDAR_2027,
];
