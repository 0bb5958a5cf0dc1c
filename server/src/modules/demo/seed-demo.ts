import { count } from 'drizzle-orm';
import type { Deps } from '../../platform/context';
import { companies, companyGrants, contacts, bankRequisites, users } from '../../db/schema';
import { hashPassword } from '../../platform/passwords';

export const DEMO_PASSWORD = 'demo12345';
export const DEMO_CUSTOMER_TITLE = 'АО «Демо-Заказчик»';
/**
 * The demo's 44-ФЗ customer, a budget institution buying under 44-ФЗ (and under 223-ФЗ with its own funds): the same
 * ИНН, КПП and name as the fake ЕИС's (tools/fake-eis/server.ts DEMO_44_CUSTOMER), whose планы-графики it publishes.
 */
export const DEMO_BUDGET = {
  title: 'ГБУ «Демо-Учреждение»',
  fullTitle: 'Государственное бюджетное учреждение «Демо-Учреждение»',
  inn: '0105123522',
  kpp: '010501001',
  ogrn: '1020100001272',
  /** ИКУ: the budget level 2 (a subject of the Federation's institution), ИНН and КПП — as the fake ЕИС builds it */
  iku: '20105123522010501001',
  regNum: '20763000123',
} as const;
export const DEMO_USERS = [
  { login: 'client', title: 'Иванова Мария Петровна', role: 'client', home: 'customer' },
  { login: 'budget', title: 'Соколова Елена Николаевна', role: 'client', home: 'budget' },
  { login: 'admin', title: 'Смирнов Алексей Викторович', role: 'admin', home: 'provider' },
  { login: 'administrator', title: 'Кузнецова Ольга Сергеевна', role: 'administrator', home: 'provider' },
  { login: 'specialist', title: 'Попов Дмитрий Андреевич', role: 'specialist', home: 'provider' },
  { login: 'operator', title: 'Васильева Анна Игоревна', role: 'operator', home: 'provider' },
] as const;

/** Completes 9 digits into a valid 10-digit INN. */
export function innFrom9(nine: string): string {
  const w = [2, 4, 10, 3, 5, 9, 4, 6, 8];
  const c = (w.reduce((s, x, i) => s + x * Number(nine[i]), 0) % 11) % 10;
  return nine + c;
}

/** First start on an empty database: a provider company with staff, a demo customer with its client user. */
export async function seedDemo(deps: Deps): Promise<void> {
  if (!deps.config.DEMO_DATA) return;
  const [{ n }] = await deps.db.select({ n: count() }).from(users);
  if (n > 0) return;
  const hash = await hashPassword(DEMO_PASSWORD);
  await deps.db.transaction(async (tx) => {
    const [provider] = await tx
      .insert(companies)
      .values({
        title: 'ООО «Центр закупок»',
        fullTitle: 'Общество с ограниченной ответственностью «Центр закупок»',
        inn: innFrom9('770812345'),
        kpp: '770801001',
        address: 'г. Москва, ул. Тверская, д. 7',
        isProvider: true,
      })
      .returning();
    const [customer] = await tx
      .insert(companies)
      .values({
        title: DEMO_CUSTOMER_TITLE,
        fullTitle: 'Акционерное общество «Демо-Заказчик»',
        inn: innFrom9('010512345'),
        kpp: '010501001',
        ogrn: '1020100001239',
        address: 'Республика Адыгея, г. Майкоп, ул. Победы, д. 1',
      })
      .returning();
    const [budget] = await tx
      .insert(companies)
      .values({
        title: DEMO_BUDGET.title,
        fullTitle: DEMO_BUDGET.fullTitle,
        inn: DEMO_BUDGET.inn,
        kpp: DEMO_BUDGET.kpp,
        ogrn: DEMO_BUDGET.ogrn,
        address: 'Республика Адыгея, г. Майкоп, ул. Жуковского, д. 12',
        law: '44',
        iku: DEMO_BUDGET.iku,
      })
      .returning();
    const home = { customer: customer.id, provider: provider.id, budget: budget.id } as const;
    const ids: Record<string, number> = {};
    for (const u of DEMO_USERS) {
      const [row] = await tx
        .insert(users)
        .values({
          login: u.login,
          title: u.title,
          role: u.role,
          email: `${u.login}@demo.zakupki.local`,
          passwordHash: hash,
          companyId: home[u.home],
        })
        .returning();
      ids[u.login] = row.id;
    }
    // specialist and administrator serve the demo customer; the operator has only its own company
    await tx.insert(companyGrants).values([
      { userId: ids.specialist, companyId: customer.id, grantedBy: ids.admin },
      { userId: ids.administrator, companyId: customer.id, grantedBy: ids.admin },
    ]);
    await tx.insert(contacts).values({
      companyId: customer.id,
      name: 'Иванова Мария Петровна',
      position: 'Начальник отдела закупок',
      phone: '+7 877 252-00-01',
      email: 'zakupki@demo-zakazchik.ru',
      isActive: true,
    });
    await tx.insert(bankRequisites).values({
      companyId: customer.id,
      bankName: 'ПАО Сбербанк',
      bik: '044525225',
      corrAccount: '30101810400000000225',
      account: '40702810938000000001',
      isMain: true,
    });
  });
}
