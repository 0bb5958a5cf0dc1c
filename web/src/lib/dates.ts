import dayjs, { type Dayjs } from 'dayjs';
import { moscowDateOf } from '@proc/contract/moscow-date';

/**
 * Today's Moscow date as a picker value. Default dates (an approval date, a tariff's start, an import period) are Moscow
 * dates like every date the server keeps: a bare dayjs() is the browser's own day, a day off in Vladivostok after
 * 17:00 Moscow time or in Kaliningrad before 01:00.
 */
export const moscowToday = (): Dayjs => dayjs(moscowDateOf(new Date()));
