import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { DocumentItem } from '@proc/contract';
import type { TestServer } from '../server/test/harness';
import { fillRequired as fillRequiredThrough } from '../server/test/factories';

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
 * Every required field of the documents' own that is still empty gets a value through the API: the factories' walk
 * (server/test/factories.ts), its server this test's call — for tests whose subject is not the form itself.
 */
export function fillRequired(api: Api, procurementId: number, over: Record<string, unknown> = {}) {
  const server = {
    api: (method: 'GET' | 'POST' | 'PUT', url: string, opts?: { body?: unknown }) => api(method, url, opts?.body),
  } as unknown as TestServer;
  return fillRequiredThrough(server, '', procurementId, over);
}
