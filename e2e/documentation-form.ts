import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { DocumentItem, DocumentsResponse } from '@proc/contract';

/** The labels of the purchase's facts in the documentation form's «Сведения закупки» (features/documentation/PurchaseFacts). */
const FACT_LABELS: Record<string, string> = {
  nmcd: 'Начальная (максимальная) цена договора',
  published_on: 'Дата размещения извещения',
  application_deadline: 'Дата окончания срока подачи заявок',
  review_on: 'Дата рассмотрения заявок',
  summing_up_on: 'Дата подведения итогов',
  delivery_place: 'Место поставки',
  delivery_terms: 'Сроки поставки',
  subject_description: 'Предмет договора',
  okpd2: 'ОКПД2',
};

const empty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * The documentation editor's list of what is missing (the form is a draft until the documents are generated), a link
 * of it followed to its field, then a value typed into every required field the server could not fill (dates, the
 * signer's name and the basis of the signer's authority, numbers, words) as a specialist would: a fact of the purchase once, in «Сведения закупки».
 */
export async function fillForgottenFields(
  page: Page,
  docs: DocumentItem[],
  o: { signer: string; date: string; tag: string; basis?: string; facts?: Record<string, string> },
) {
  await page.getByRole('button', { name: 'Сформировать документы' }).click();
  const list = page.getByTestId('missing-fields');
  await list.waitFor({ timeout: 60_000 });
  await list.getByRole('button').first().click();
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('.ant-form-item-has-error'))).toBe(true);
  const facts = page.getByTestId('purchase-facts');
  const typed = new Set<string>();
  for (const d of docs) {
    const panel = page.locator('.ant-collapse-item').filter({ hasText: d.title }).first();
    for (const f of d.fields) {
      if (!f.required || !empty(f.value) || f.type === 'list') continue;
      if (f.fact && typed.has(f.fact)) continue;
      const input = f.fact ? facts.getByLabel(FACT_LABELS[f.fact], { exact: true }) : panel.getByLabel(f.label, { exact: true });
      if (f.fact) typed.add(f.fact);
      if (f.fact === 'okpd2') {
        // a code picked from the classifier, as on the card
        const code = o.facts?.okpd2 ?? '17.12.14.129';
        await input.click();
        await page.keyboard.type(code);
        // the search's answer, not the classifier's first page shown before it
        await page
          .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
          .filter({ hasText: code })
          .first()
          .click();
        await page.keyboard.press('Escape');
      } else if (f.type === 'date') {
        await input.fill((f.fact && o.facts?.[f.fact]) || o.date);
        await page.keyboard.press('Tab');
      } else
        await input.fill(
          (f.fact && o.facts?.[f.fact]) ||
            (f.name === 'signerName'
              ? o.signer
              : f.name === 'signerBasis'
                ? (o.basis ?? 'Устава')
                : f.type === 'money' || f.type === 'number'
                  ? '100'
                  : `${f.label} (${o.tag})`),
        );
    }
  }
}

/**
 * «Сформировать документы» on a form whose own fields are filled: the answer lists the specification's rows, whose
 * marked fields get a figure where one is asked and words elsewhere, and the second try generates. Returns the labels
 * that were marked.
 */
export async function generateAfterRows(page: Page, tag: string): Promise<string[]> {
  const generate = page.getByRole('button', { name: 'Сформировать документы' });
  await generate.click();
  await page
    .getByTestId('missing-fields')
    .getByText(/строка 1/)
    .first()
    .waitFor({ timeout: 60_000 });
  const errors = page.locator('.ant-form-item-has-error');
  await errors.first().waitFor();
  const labels = await errors.evaluateAll((els) => els.map((el) => (el.querySelector('label') as HTMLElement | null)?.innerText ?? ''));
  for (let i = (await errors.count()) - 1; i >= 0; i--) {
    const item = errors.nth(i);
    const label = (await item.locator('label').first().innerText()).trim();
    await item
      .locator('input, textarea')
      .first()
      .fill(/цена|коэффициент|НМЦД|количество|стоимость/i.test(label) ? '100' : `${label} (${tag})`);
  }
  await generate.click();
  await page.getByText('Документация сформирована').first().waitFor({ timeout: 60_000 });
  return labels;
}

type Api = <T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => Promise<{ status: number; body: T }>;

/**
 * Every required field of the documents' own that is still empty gets a value through the API, as
 * server/test/factories.ts fillRequired types it: for tests whose subject is not the form itself.
 */
export async function fillRequired(api: Api, procurementId: number, over: Record<string, unknown> = {}) {
  const docs = (await api<DocumentsResponse>('GET', `/api/procurements/${procurementId}/documents`)).body.documents;
  const typed = (type: string, label: string) =>
    type === 'date' ? '2026-12-20' : type === 'money' || type === 'number' ? '100' : `${label} (e2e)`;
  const blank = (v: unknown) => v === null || v === undefined || v === '';
  for (const d of docs) {
    const values: Record<string, unknown> = Object.fromEntries(
      d.fields
        .filter((f) => f.required && !f.fact && f.type !== 'list' && blank(f.value))
        .map((f) => [f.name, f.name in over ? over[f.name] : typed(f.type, f.label)]),
    );
    for (const f of d.fields.filter((x) => x.type === 'list' && Array.isArray(x.value) && x.value.length)) {
      const rows = f.value as Record<string, unknown>[];
      const columns = (f.columns ?? []).filter((c) => c.required);
      if (rows.some((row) => columns.some((c) => blank(row[c.name]))))
        values[f.name] = rows.map((row) => ({
          ...row,
          ...Object.fromEntries(columns.filter((c) => blank(row[c.name])).map((c) => [c.name, typed(c.type, c.label)])),
        }));
    }
    if (Object.keys(values).length) {
      const put = await api('PUT', `/api/procurements/${procurementId}/documents/${d.template}/values`, { values });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
    }
  }
}
