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

/** «Один договор» of the contracts register's import: a contract asked of ЕИС by its registry number. */
export async function importContractByNumber(page: Page, number: string): Promise<void> {
  await page.getByTestId('contracts-import').click();
  await page.getByRole('dialog', { name: 'Загрузка договоров из ЕИС' }).getByText('Один договор').click();
  await page.getByTestId('contracts-import-number').fill(number);
  await page.getByTestId('contracts-import-submit').click();
  await page.getByText(`Номер загруженного договора: ${number}`, { exact: true }).waitFor({ timeout: 60_000 });
}
