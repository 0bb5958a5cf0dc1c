/** Today's date in Moscow (where tariff periods are agreed), as YYYY-MM-DD. */
export const todayMoscow = (now = new Date()): string => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(now);
