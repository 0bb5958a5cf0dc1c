import type { Locator, Page } from 'playwright-core';

/** Types a period into the import dialog's range picker (dd.mm.yyyy), replacing what it offers. */
export async function typePeriod(page: Page, dialog: Locator, from: string, to: string): Promise<void> {
  for (const [placeholder, date] of [
    ['Дата с', from],
    ['Дата по', to],
  ]) {
    await dialog.getByPlaceholder(placeholder).click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(date);
    await page.keyboard.press('Enter');
  }
}
