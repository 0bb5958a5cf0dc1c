import type { Role } from './roles';

export type MenuAccess = 'all' | 'editors' | 'admin';

/** The gear menu: its labels, their order and who sees each item. */
export const CATALOG_MENU: { path: string; label: string; access: MenuAccess }[] = [
  { path: '/catalogDocument', label: 'Документы', access: 'editors' },
  { path: '/catalog', label: 'Методы определения НМЦД', access: 'editors' },
  { path: '/catalogMethod', label: 'Способы закупки', access: 'editors' },
  { path: '/catalogService', label: 'Предметы закупки', access: 'editors' },
  { path: '/catalogRequirements', label: 'Единые (дополнительные) требования', access: 'editors' },
  { path: '/catalogInfoAndDocuments', label: 'Дополнительные требования, информация и документы', access: 'editors' },
  { path: '/catalogExecPlace', label: 'Место поставки', access: 'all' },
  { path: '/catalogDeliveryTerms', label: 'Условия поставки товара', access: 'editors' },
  { path: '/catalogServiceTerms', label: 'Условия оказания услуг', access: 'editors' },
  { path: '/catalogWorkTerms', label: 'Условия выполнения работ', access: 'editors' },
  { path: '/catalogServiceDocument', label: 'Товары, работы, услуги', access: 'editors' },
  { path: '/catalogEnsuring', label: 'Обеспечение', access: 'editors' },
  { path: '/catalogDocumentSubject', label: 'Документы по предмету закупки', access: 'editors' },
  { path: '/catalogTariffs', label: 'Тарифы', access: 'admin' },
  { path: '/catalogFinancialResults', label: 'Финансовые результаты', access: 'editors' },
  { path: '/catalogFundingSources', label: 'Источники финансирования', access: 'all' },
  { path: '/catalogContractBasis', label: 'Основания заключения договора', access: 'all' },
];

/** Menu items a role sees: "editors" are all roles but client and operator; tariffs are admin's alone. */
export function catalogMenuFor(role: Role) {
  return CATALOG_MENU.filter((m) =>
    m.access === 'all' ? true : m.access === 'admin' ? role === 'admin' : role !== 'client' && role !== 'operator',
  );
}

/** Routes that send a client to '/'. */
export const STAFF_ONLY_CATALOG_ROUTES = CATALOG_MENU.filter((m) => m.access !== 'all').map((m) => m.path);

export const MAIN_TABS = [
  { path: '/procurementsRules', label: 'Положения о закупке' },
  { path: '/eisPlans', label: 'Планы закупки', match: '/eisPlan' },
  { path: '/documents', label: 'Реестр закупок' },
  { path: '/contracts/register', label: 'Исполнение договоров', match: '/contracts' },
] as const;
