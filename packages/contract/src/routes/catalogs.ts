import { z } from 'zod';
import { OkeiQuery, OkeiUnit, Okpd2Details, Okpd2Node, Okpd2OptionsQuery, Okpd2Query, catalogOptions as optionsSchema } from '../catalogs';
import { paged } from '../common';
import { KtruListResponse, KtruPosition, KtruQuery } from '../lines';
import { defineRoutes } from '../http';

/** The HTTP routes of catalogs (paths under /api). */
export const catalogsRoutes = defineRoutes({
  getClassifiersOkpd2: { method: 'GET', path: '/classifiers/okpd2', query: Okpd2Query, response: { 200: paged(Okpd2Node) } },
  getClassifiersOkpd2Options: {
    method: 'GET',
    path: '/classifiers/okpd2/options',
    query: Okpd2OptionsQuery,
    response: { 200: optionsSchema(Okpd2Node) },
  },
  getClassifiersOkpd2ByCode: {
    method: 'GET',
    path: '/classifiers/okpd2/:code',
    params: z.object({ code: z.string().trim().min(1).max(20) }),
    response: { 200: Okpd2Details },
  },
  getClassifiersKtru: { method: 'GET', path: '/classifiers/ktru', query: KtruQuery, response: { 200: KtruListResponse } },
  getClassifiersKtruByCode: {
    method: 'GET',
    path: '/classifiers/ktru/:code',
    params: z.object({ code: z.string().trim().min(1).max(30) }),
    response: { 200: KtruPosition },
  },
  getClassifiersOkei: { method: 'GET', path: '/classifiers/okei', query: OkeiQuery, response: { 200: paged(OkeiUnit) } },
  getClassifiersOkeiOptions: {
    method: 'GET',
    path: '/classifiers/okei/options',
    query: OkeiQuery,
    response: { 200: optionsSchema(OkeiUnit) },
  },
});
