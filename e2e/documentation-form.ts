import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { DocumentItem } from '@proc/contract';

/**
 * The documentation editor's forgotten-field check, then a value typed into every required field the server could not
 * fill (dates, the signer's name, numbers, words), as a specialist would.
 */
export async function fillForgottenFields(page: Page, docs: DocumentItem[], o: { signer: string; date: string; tag: string }) {
  await page.getByRole('button', { name: 'Сформировать документы' }).click();
  await page.getByText(/^Форма не отправлена: исправьте/).waitFor();
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('.ant-form-item-has-error'))).toBe(true);
  for (const d of docs) {
    const panel = page.locator('.ant-collapse-item').filter({ hasText: d.title }).first();
    for (const f of d.fields) {
      const empty = f.value === null || f.value === undefined || f.value === '' || (Array.isArray(f.value) && f.value.length === 0);
      if (!f.required || !empty || f.type === 'list') continue;
      const input = panel.getByLabel(f.label, { exact: true });
      if (f.type === 'date') {
        await input.fill(o.date);
        await page.keyboard.press('Tab');
      } else
        await input.fill(f.name === 'signerName' ? o.signer : f.type === 'money' || f.type === 'number' ? '100' : `${f.label} (${o.tag})`);
    }
  }
}
