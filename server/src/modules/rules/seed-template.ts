import { and, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../../platform/context';
import { documentRules, procurementRules, ruleVersions } from '../../db/schema';
import { SINGLE_SUPPLIER_MAX, defaultDocumentRules } from './default-document-rules';

export const TEMPLATE_RULE_TITLE = 'Типовое положение о закупке (223-ФЗ)';

/** First start: the shared template with an approved version and the document rules for every method. */
export async function seedTemplateRule(deps: Deps): Promise<void> {
  const [exists] = await deps.db
    .select({ id: procurementRules.id })
    .from(procurementRules)
    .where(and(isNull(procurementRules.companyId), eq(procurementRules.isTemplate, true), eq(procurementRules.title, TEMPLATE_RULE_TITLE)));
  if (exists) return;
  await deps.db.transaction(async (tx) => {
    const [rule] = await tx
      .insert(procurementRules)
      .values({
        companyId: null,
        isTemplate: true,
        title: TEMPLATE_RULE_TITLE,
        law: '223',
        description:
          'Типовое положение о закупке товаров, работ, услуг по Федеральному закону от 18.07.2011 № 223-ФЗ: ' +
          'конкурс, аукцион, запрос котировок, запрос предложений (в том числе в электронной форме) и закупка у единственного поставщика. ' +
          'Скопируйте его в свою организацию и утвердите собственную редакцию.',
      })
      .returning();
    const [version] = await tx
      .insert(ruleVersions)
      .values({
        ruleId: rule.id,
        companyId: null,
        number: '1',
        status: 'approved',
        approvedOn: '2024-12-20',
        inForceFrom: '2025-01-01',
        singleSupplierMax: SINGLE_SUPPLIER_MAX,
        notes:
          'Сроки подачи заявок — по ст. 3.2 и 3.4 Федерального закона № 223-ФЗ. Закупка у единственного поставщика до 600 000 ₽ без технического задания.',
      })
      .returning();
    await tx
      .insert(documentRules)
      .values(defaultDocumentRules().map((d, i) => ({ ...d, versionId: version.id, companyId: null, position: i + 1 })));
  });
}
