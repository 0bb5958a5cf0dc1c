import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { takeWorkLimit } from './work-limits';
import { AppError } from './errors';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? `${e.status} ${e.message}` : String(e)),
  );

describe('limits on expensive work', () => {
  it('refuses a user past its limit a minute, then the company past its own, each in Russian; another company is untouched', async () => {
    const as = (userId: number, companyId: number) => ({ deps: t.server.deps, user: { id: userId } as never, companyId });
    for (let i = 0; i < 10; i++) await takeWorkLimit(as(101, 7001), 'check');
    expect(await refusal(takeWorkLimit(as(101, 7001), 'check'))).toBe(
      '429 Слишком много запросов (проверка подключения к ЕИС): не более 10 в минуту от одного пользователя. Повторите через минуту',
    );
    // the refused attempt counted for the user only; ten from a colleague bring the company to its 20
    for (let i = 0; i < 10; i++) await takeWorkLimit(as(102, 7001), 'check');
    expect(await refusal(takeWorkLimit(as(104, 7001), 'check'))).toBe(
      '429 Слишком много запросов (проверка подключения к ЕИС): не более 20 в минуту от одной организации. Повторите через минуту',
    );
    expect(await refusal(takeWorkLimit(as(103, 7002), 'check'))).toBeNull();
  });
});
