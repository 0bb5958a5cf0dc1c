import { EVENTS } from '@proc/contract/socket';
import { counts, d, ok, s, type RealtimeOutcomes } from '../../lib/realtime';

export const noticesRealtime: RealtimeOutcomes = {
  [EVENTS.eisNoticesResponse]: {
    notice: (p) => {
      if (!ok(p)) return { header: 'Ошибка загрузки извещений', message: s(p.error) };
      const period = `${d(p.date_from)}-${d(p.date_to)}`;
      const found = [p.created, p.updated].some((x) => typeof x === 'number' && x > 0);
      const violations = Array.isArray(p.violations) && p.violations.length ? `\n${p.violations.map(s).join('\n')}` : '';
      return found
        ? { header: 'Извещения загружены', message: `Извещения за период ${period} внесены в реестр закупок\n${counts(p)}${violations}` }
        : { header: 'Новых извещений нет', message: `В ЕИС нет извещений организации за период ${period}${violations}` };
    },
    // a notice becomes a procurement (223) or a 44-ФЗ notice, and marks the план-график positions it fulfils
    refresh: [['procurements'], ['notices44'], ['tender-plans'], ['eis-import-status']],
  },
};
