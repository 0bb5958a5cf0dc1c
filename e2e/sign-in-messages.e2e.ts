/** What a person sees around signing in: no false alarms, no secrets in the console, no crashes on bad input. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MESSAGES } from '@proc/contract';
import { startE2E, DEMO_PASSWORD, type E2E } from './harness';
import { watchSockets } from './sockets';

let e: E2E;
beforeAll(async () => {
  // the ИНН lookup is not configured here
  e = await startE2E({ COMPANY_LOOKUP_URL: undefined, COMPANY_LOOKUP_KEY: undefined });
});
afterAll(async () => e?.close());

it('a wrong password shows the form alert only: no server-error notice, no websocket notice', async () => {
  const page = await e.newPage();
  const sockets = watchSockets(page);
  await page.goto('/login');
  await page.getByLabel('Логин').fill('client');
  await page.getByLabel('Пароль').fill('wrong-password');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
  await page.getByRole('button', { name: 'Войти' }).click();
  expect((await answer).status()).toBe(401);
  // the alert is drawn from that answer, so its handling (and any error notice of it) is done
  await page.getByText('Неверный логин или пароль').first().waitFor();
  // a websocket notice comes only from a socket that fails to connect: the page's socket connected, none was refused
  await sockets.connected('/unauth');
  expect(sockets.refusals()).toEqual([]);
  expect(await page.getByText(MESSAGES.httpErrorHeader).count()).toBe(0);
  expect(await page.getByText(/Не удаётся подключиться к вебсокетам/).count()).toBe(0);
  expect(await page.getByText('Неверный логин или пароль').count()).toBe(1);
});

it('after a session ends (401) the login page shows no websocket notice', async () => {
  const page = await e.newPage();
  await e.login(page, 'specialist');
  const sockets = watchSockets(page);
  const from = sockets.mark();
  await e.endSession(page);
  await page.goto('/profile/my');
  await page.waitForURL('**/login');
  // the login page's own socket is up again: a failed one would have raised the notice before connecting
  await sockets.connected('/unauth', from);
  expect(sockets.refusals().filter((r) => !r.includes('unauthorized'))).toEqual([]);
  expect(await page.getByText(/Не удаётся подключиться к вебсокетам/).count()).toBe(0);
});

it('the browser console carries no password, token or request body', async () => {
  const page = await e.newPage();
  const lines: string[] = [];
  page.on('console', (m) => lines.push(m.text()));
  await e.login(page, 'client', DEMO_PASSWORD);
  await page.goto('/profile/my');
  await page.getByTestId('sessions').waitFor();
  const token = await e.token(page);
  const text = lines.join('\n');
  expect(text).not.toContain(DEMO_PASSWORD);
  expect(text).not.toContain(token);
});

it('«Сеансы» lists the sessions and ends another one; the profile name updates the top bar at once', async () => {
  const other = await e.newPage();
  await e.login(other, 'administrator');
  const otherToken = await e.token(other);
  const profileWith = async (token: string) =>
    (await e.server.app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${token}` } })).statusCode;
  expect(await profileWith(otherToken)).toBe(200);
  const page = await e.newPage();
  await e.login(page, 'administrator');
  await page.goto('/profile/my');
  const sessions = page.getByTestId('sessions');
  await sessions.getByText('этот сеанс').waitFor();
  // «Завершить», not «Завершить все остальные»
  const end = sessions.getByRole('button', { name: 'Завершить', exact: true });
  expect(await end.count()).toBeGreaterThan(0);
  await end.first().click();
  await page.getByRole('button', { name: 'Да' }).click();
  await page.getByText('Сеанс завершён').waitFor();
  // the other session is the one ended; this one goes on
  expect(await profileWith(otherToken)).toBe(401);
  expect(await profileWith(await e.token(page))).toBe(200);
  await e.shot(page, 'profile-sessions');

  const name = page.getByLabel('ФИО');
  await name.fill('Смирнова Ольга Викторовна');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await page.getByText('Данные сохранены').waitFor();
  await expect.poll(() => page.getByTestId('user-title').innerText()).toBe('Смирнова Ольга Викторовна');
});

it('registration: no lookup configured says so and lets the user type; bad ИНН and e-mail are form errors, not crashes', async () => {
  const page = await e.newPage();
  const crashes: string[] = [];
  page.on('pageerror', (err) => crashes.push(err.message));
  await page.goto('/registration');
  await page.getByLabel('ИНН').fill('123');
  await page.getByRole('button', { name: 'Найти по ИНН' }).click();
  await page.getByLabel('E-mail').fill('not-an-email');
  await page.getByRole('button', { name: 'Отправить код на e-mail' }).click();
  await page.getByText(MESSAGES.email).waitFor();
  await page.getByLabel('ИНН').fill('7707083893');
  await page.getByRole('button', { name: 'Найти по ИНН' }).click();
  await page.getByText('Поиск организации по ИНН не подключён. Заполните данные вручную').waitFor();
  expect(await page.getByText('Запрашиваемый ресурс не найден').count()).toBe(0);
  expect(await page.getByText('Организация с таким ИНН не найдена').count()).toBe(0);
  await page.getByLabel('Краткое наименование').fill('ООО «Ромашка»');
  expect(await page.getByLabel('Краткое наименование').inputValue()).toBe('ООО «Ромашка»');
  expect(crashes).toEqual([]);
});

it('a page the role cannot use is neither offered nor reachable: a specialist and /registrations', async () => {
  const page = await e.newPage();
  await e.login(page, 'specialist');
  await page.getByTestId('gear-menu').click();
  const items = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item');
  await items.first().waitFor();
  expect(await items.allInnerTexts()).not.toContain('Заявки на регистрацию');
  await page.keyboard.press('Escape');
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 403) refused.push(r.url());
  });
  await page.goto('/registrations');
  await page.waitForURL((u) => u.pathname === '/');
  // the home page has its data: whatever /registrations asked for was answered before, and was not refused
  await page.getByTestId('dash-deadlines').waitFor();
  expect(refused).toEqual([]);
  expect(await page.getByText('Недостаточно прав для этого действия').count()).toBe(0);
});

it('a client fills the catalogue fields of its own procurement card, with no «staff only» notices', async () => {
  const page = await e.newPage();
  await e.login(page, 'client');
  await page.goto('/documents/new');
  await page.getByLabel('Наименование закупки').waitFor();
  for (const label of [
    'Метод определения НМЦД',
    'Единые (дополнительные) требования',
    'Условия поставки (выполнения работ, оказания услуг)',
  ]) {
    await page.getByLabel(label, { exact: true }).click();
    const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
    await options.first().waitFor();
    expect(await options.count(), label).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
  }
  expect(await page.getByText('Справочник доступен только сотрудникам').count()).toBe(0);
});
