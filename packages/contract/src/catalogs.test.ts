import { describe, expect, it } from 'vitest';
import {
  CATALOG_ROUTES,
  CATALOG_TYPE_INFO,
  CATALOG_TYPES,
  CATALOG_MESSAGES,
  EXEC_TERM_VIEWS,
  CreateCatalogEnsuringRequest,
  CreateCatalogExecTermRequest,
  catalogRoute,
  canEditCatalogs,
  canReadCatalog,
} from './catalogs';

/** "Catalogue menu labels", in the spec's order. */
const SPEC_LABELS = [
  'Документы',
  'Методы определения НМЦД',
  'Способы закупки',
  'Предметы закупки',
  'Единые (дополнительные) требования',
  'Дополнительные требования, информация и документы',
  'Место поставки',
  'Условия поставки товара',
  'Условия оказания услуг',
  'Условия выполнения работ',
  'Товары, работы, услуги',
  'Обеспечение',
  'Документы по предмету закупки',
  'Тарифы',
  'Финансовые результаты',
  'Источники финансирования',
  'Основания заключения договора',
];

describe('catalogue routes', () => {
  it('follow the gear menu word for word and in order', () => {
    expect(CATALOG_ROUTES.map((r) => r.label)).toEqual(SPEC_LABELS);
  });

  it('carry the type codes', () => {
    expect([...CATALOG_TYPES]).toEqual([1, 2, 6, 7, 8, 9]);
    expect(catalogRoute('/catalog')).toMatchObject({ kind: 'elements', query: { type: 1 }, label: 'Методы определения НМЦД' });
    expect(catalogRoute('/catalogRequirements')?.query).toEqual({ type: 2 });
    expect(catalogRoute('/catalogFinancialResults')?.query).toEqual({ type: 6 });
    expect(catalogRoute('/catalogInfoAndDocuments')?.query).toEqual({ type: 7 });
    expect(catalogRoute('/catalogFundingSources')?.query).toEqual({ type: 8 });
    expect(catalogRoute('/catalogContractBasis')?.query).toEqual({ type: 9 });
    expect(catalogRoute('/catalogDeliveryTerms')?.query).toEqual({ type: 1, subject_type: 1 });
    expect(catalogRoute('/catalogWorkTerms')?.query).toEqual({ type: 1, subject_type: 2 });
    expect(catalogRoute('/catalogServiceTerms')?.query).toEqual({ type: 1, subject_type: 3 });
    expect(catalogRoute('/catalogExecPlace')?.query).toEqual({ type: 2 });
    for (const t of CATALOG_TYPES) expect(catalogRoute(CATALOG_TYPE_INFO[t].route)?.query.type).toBe(t);
    for (const v of EXEC_TERM_VIEWS) expect(catalogRoute(v.route)?.kind).toBe('execTerms');
  });

  it('show menu items to the roles', () => {
    const editors = ['admin', 'administrator', 'specialist'];
    const everyone = ['client', 'admin', 'administrator', 'specialist', 'operator'];
    for (const r of CATALOG_ROUTES) {
      if (r.path === '/catalogTariffs') expect(r.roles).toEqual(['admin']);
      else if (['/catalogExecPlace', '/catalogFundingSources', '/catalogContractBasis'].includes(r.path)) expect(r.roles).toEqual(everyone);
      else expect(r.roles, r.path).toEqual(editors);
    }
  });

  it('let the server read staff catalogues to staff only and edit them to all staff but the operator', () => {
    expect(catalogRoute('/catalogMethod')?.read_roles).toEqual(['admin', 'administrator', 'specialist', 'operator']);
    expect(catalogRoute('/catalogFundingSources')?.read_roles).toContain('client');
    expect(catalogRoute('/catalogFundingSources')?.edit_roles).toEqual(['admin', 'administrator', 'specialist']);
    expect(canReadCatalog('staff', 'client')).toBe(false);
    expect(canReadCatalog('all', 'client')).toBe(true);
    expect(canEditCatalogs('operator')).toBe(false);
    expect(canEditCatalogs('client')).toBe(false);
  });
});

describe('schemas and texts', () => {
  it('require a subject type for terms but not for the delivery place', () => {
    expect(CreateCatalogExecTermRequest.safeParse({ type: 1, subject_type: 2, name: 'Условие' }).success).toBe(true);
    expect(CreateCatalogExecTermRequest.safeParse({ type: 2, name: 'Место' }).success).toBe(true);
    expect(CreateCatalogExecTermRequest.safeParse({ type: 2, subject_type: 1, name: 'Место' }).success).toBe(false);
  });

  it('keep ensuring percents within their range', () => {
    expect(
      CreateCatalogEnsuringRequest.safeParse({ name: 'О', kind: 'contract', percent: '10', percent_min: '5', percent_max: '30' }).success,
    ).toBe(true);
    expect(CreateCatalogEnsuringRequest.safeParse({ name: 'О', kind: 'contract', percent: '31', percent_max: '30' }).success).toBe(false);
    expect(CreateCatalogEnsuringRequest.safeParse({ name: 'О', kind: 'contract', value_type: 'amount' }).success).toBe(false);
  });

  it('decline the tariff limit texts by number', () => {
    expect(CATALOG_MESSAGES.tariffProcurementsLimit('Базовый', 1)).toBe('Достигнут лимит тарифа «Базовый»: не более 1 закупки в год');
    expect(CATALOG_MESSAGES.tariffProcurementsLimit('Базовый', 50)).toBe('Достигнут лимит тарифа «Базовый»: не более 50 закупок в год');
    expect(CATALOG_MESSAGES.tariffProcurementsLimit('Базовый', 11)).toBe('Достигнут лимит тарифа «Базовый»: не более 11 закупок в год');
    expect(CATALOG_MESSAGES.tariffUsersLimit('Базовый', 21)).toBe('Достигнут лимит тарифа «Базовый»: не более 21 пользователя');
    expect(CATALOG_MESSAGES.tariffExpired('Базовый', '31.12.2025')).toBe(
      'Срок действия тарифа «Базовый» истёк 31.12.2025. Обратитесь к администратору для продления',
    );
  });
});
