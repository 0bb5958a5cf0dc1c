import type { FastifyRequest } from 'fastify';
import type { PartyLookupResponse } from '@proc/contract';
import type { Deps } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { clientIp } from '../../platform/client-ip';
import { createRateLimiter, type RateLimiter } from '../../platform/rate-limit';
import { signValue, verifySigned } from '../../platform/secrets';
import { findPartyByInn } from '../../clients/dadata';
import { KeptValues } from '../../platform/kept-values';

/** How long a registration form may use its lookup token. */
const TOKEN_AGE_MS = 2 * 3600_000;
const CACHE_MS = 24 * 3600_000;
const CACHE_SIZE = 5000;
const NOT_CONFIGURED = 'Поиск организации по ИНН не подключён. Заполните данные вручную';
const NOT_FOUND = 'Организация с таким ИНН не найдена. Заполните данные вручную';

/**
 * The ИНН lookup spends the operator's paid DaData key, so it answers only a signed-in user or a registration form in
 * progress (a token the form gets when it opens), at most LIMIT times an hour per IP, and remembers answers for a day.
 */
export function partyLookup(deps: Deps) {
  const answers = new KeptValues(CACHE_SIZE, CACHE_MS);
  let limiter: RateLimiter | null = null;
  const limit = () => (limiter ??= createRateLimiter(deps.db, 'party', { max: 30, windowMs: 3600_000 }));

  return {
    registrationToken: () => ({ token: signValue(deps.config, 'registration') }),

    async find(req: FastifyRequest, inn: string): Promise<PartyLookupResponse> {
      const header = req.headers['x-registration-token'];
      const token = Array.isArray(header) ? header[0] : header;
      if (!req.user && !(token && verifySigned(deps.config, token, TOKEN_AGE_MS) === 'registration')) {
        throw new AppError('FORBIDDEN', 'Поиск по ИНН доступен при регистрации и после входа в систему');
      }
      const fields = (m: string) => ({ 'company.inn': [m] });
      if (!deps.config.COMPANY_LOOKUP_URL || !deps.config.COMPANY_LOOKUP_KEY)
        throw new AppError('NOT_FOUND', NOT_CONFIGURED, fields(NOT_CONFIGURED));
      const source = { url: deps.config.COMPANY_LOOKUP_URL, key: deps.config.COMPANY_LOOKUP_KEY };
      // an answer kept spends no request of the limit; «not found» is kept too
      const party = await answers.remember(inn, async (): Promise<PartyLookupResponse | null> => {
        await limit().take(req.user ? `user:${req.user.id}` : clientIp(deps.config, req));
        try {
          return await findPartyByInn(source, inn);
        } catch (err) {
          req.log.warn({ err }, 'company lookup failed');
          throw new AppError('UPSTREAM', 'Сервис поиска организаций недоступен. Заполните данные вручную');
        }
      });
      if (!party) throw new AppError('NOT_FOUND', NOT_FOUND, fields(NOT_FOUND));
      return party;
    },
  };
}
