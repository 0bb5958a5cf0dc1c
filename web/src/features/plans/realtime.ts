import { EVENTS } from '@proc/contract/socket';
import { ok, s, type RealtimeOutcomes } from '../../lib/realtime';

// the spec gives no texts for plans: these follow the contracts ones
export const plansRealtime: RealtimeOutcomes = {
  [EVENTS.eisPlanResponse]: {
    notice: (p) => {
      const plans = Array.isArray(p.plans) ? p.plans.map(s) : [];
      return ok(p)
        ? {
            header: 'Планы закупки загружены',
            message: plans.length ? `Планы закупки: ${plans.join(', ')}` : 'В ЕИС нет планов закупки организации',
          }
        : { header: 'Ошибка загрузки планов закупки', message: s(p.error) };
    },
    refresh: [['plans'], ['eis-import-status']],
  },
  [EVENTS.eisTenderPlanResponse]: {
    notice: (p) => {
      const plans = Array.isArray(p.plans) ? p.plans.map(s) : [];
      return ok(p)
        ? {
            header: 'Планы-графики загружены',
            message: plans.length ? `Планы-графики: ${plans.join(', ')}` : 'В ЕИС нет планов-графиков организации за период',
          }
        : { header: 'Ошибка загрузки планов-графиков', message: s(p.error) };
    },
    refresh: [['tender-plans'], ['eis-import-status']],
  },
};
