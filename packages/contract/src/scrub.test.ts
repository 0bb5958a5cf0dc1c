import { describe, expect, it } from 'vitest';
import { scrubSecrets } from './scrub';

describe('scrubSecrets (Sentry beforeSend)', () => {
  it('hides credentials in headers, bodies, cookies, URLs and breadcrumbs at any depth', () => {
    const event = {
      request: {
        url: 'https://zakupki.example/api/auth/registrations/status?ticket=abc&token=tok123',
        headers: { Authorization: 'Bearer 9f8e7d6c5b4a', Cookie: 'token=9f8e7d6c5b4a; company=2', 'User-Agent': 'Chrome' },
        cookies: { token: '9f8e7d6c5b4a' },
        data: { login: 'client', password: 'demo12345', user: { email_code: '123456', new_password: 'x1y2z3w4' } },
      },
      breadcrumbs: [
        {
          category: 'fetch',
          message: 'POST /api/auth/login {"login":"client","password":"demo12345"}',
          data: { authorization: 'Bearer aaa.bbb' },
        },
      ],
      extra: { eis: { individualPerson_token: 'eis-token-1', region: '01' } },
    };
    const out = scrubSecrets(event);
    const text = JSON.stringify(out);
    for (const secret of ['9f8e7d6c5b4a', 'demo12345', '123456', 'x1y2z3w4', 'tok123', 'aaa.bbb', 'eis-token-1'])
      expect(text).not.toContain(secret);
    expect(out.request.data.login).toBe('client');
    expect(out.request.headers['User-Agent']).toBe('Chrome');
    expect(out.extra.eis.region).toBe('01');
    expect(out.request.url).toContain('ticket=abc');
    // the original is untouched: Sentry's event is a copy
    expect(event.request.data.password).toBe('demo12345');
  });
});
