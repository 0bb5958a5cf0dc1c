import { z } from 'zod';
import {
  CatalogArchiveRequest,
  CatalogDocumentOptionsQuery,
  CatalogDocumentRequest,
  CatalogDocumentResponse,
  CatalogDocumentSubjectOptionsQuery,
  CatalogDocumentSubjectRequest,
  CatalogDocumentSubjectResponse,
  CatalogDocumentSubjectsQuery,
  CatalogDocumentsQuery,
  CatalogElementOptionsQuery,
  CatalogElementRequest,
  CatalogElementResponse,
  CatalogElementsQuery,
  CatalogEnsuringOptionsQuery,
  CatalogEnsuringQuery,
  CatalogEnsuringRequest,
  CatalogEnsuringResponse,
  CatalogExecTermOptionsQuery,
  CatalogExecTermRequest,
  CatalogExecTermResponse,
  CatalogExecTermsQuery,
  CatalogItemResponse,
  CatalogMethodOptionsQuery,
  CatalogMethodRequest,
  CatalogMethodResponse,
  CatalogMethodsQuery,
  CatalogProductOptionsQuery,
  CatalogProductRequest,
  CatalogProductResponse,
  CatalogProductsQuery,
  CatalogSubjectOptionsQuery,
  CatalogSubjectRequest,
  CatalogSubjectResponse,
  CatalogSubjectsQuery,
  CatalogUsageResponse,
  CreateCatalogDocumentRequest,
  CreateCatalogDocumentSubjectRequest,
  CreateCatalogElementRequest,
  CreateCatalogEnsuringRequest,
  CreateCatalogExecTermRequest,
  CreateCatalogMethodRequest,
  CreateCatalogProductRequest,
  CreateCatalogSubjectRequest,
  OkeiQuery,
  OkeiUnit,
  Okpd2Details,
  Okpd2Node,
  Okpd2OptionsQuery,
  Okpd2Query,
  catalogOptions as optionsSchema,
  type CatalogKind,
} from '../catalogs';
import { IdParams, paged } from '../common';
import { KtruListResponse, KtruPosition, KtruQuery } from '../lines';
import { defineRoute, defineRoutes } from '../http';

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

/**
 * The eight routes of one catalogue kind, each with the kind's own schemas: the path is a literal per kind, so a
 * caller's wrong kind, query or body is a type error as for any other route (the server serves them all with one
 * handler per route, catalog-service.ts).
 */
const kindRoutes = <
  const P extends string,
  Q extends z.ZodType,
  O extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
  R extends z.ZodType,
>(
  path: P,
  s: { query: Q; options: O; create: C; update: U; response: R },
) => ({
  list: defineRoute({ method: 'GET', path, query: s.query, response: { 200: paged(s.response) } }),
  options: defineRoute({ method: 'GET', path: `${path}/options` as const, query: s.options, response: { 200: optionsSchema(s.response) } }),
  get: defineRoute({ method: 'GET', path: `${path}/:id` as const, params: IdParams, response: { 200: s.response } }),
  post: defineRoute({ method: 'POST', path, body: s.create, response: { 200: s.response } }),
  put: defineRoute({ method: 'PUT', path: `${path}/:id` as const, params: IdParams, body: s.update, response: { 200: s.response } }),
  postArchive: defineRoute({
    method: 'POST',
    path: `${path}/:id/archive` as const,
    params: IdParams,
    body: CatalogArchiveRequest,
    response: { 200: s.response },
  }),
  getUsage: defineRoute({ method: 'GET', path: `${path}/:id/usage` as const, params: IdParams, response: { 200: CatalogUsageResponse } }),
  delete: defineRoute({ method: 'DELETE', path: `${path}/:id` as const, params: IdParams }),
});

/** The routes of each catalogue kind (paths under /api, as CATALOG_API names them). */
export const catalogKindRoutes = {
  elements: kindRoutes('/catalogs/elements', {
    query: CatalogElementsQuery,
    options: CatalogElementOptionsQuery,
    create: CreateCatalogElementRequest,
    update: CatalogElementRequest,
    response: CatalogElementResponse,
  }),
  execTerms: kindRoutes('/catalogs/exec-terms', {
    query: CatalogExecTermsQuery,
    options: CatalogExecTermOptionsQuery,
    create: CreateCatalogExecTermRequest,
    update: CatalogExecTermRequest,
    response: CatalogExecTermResponse,
  }),
  methods: kindRoutes('/catalogs/methods', {
    query: CatalogMethodsQuery,
    options: CatalogMethodOptionsQuery,
    create: CreateCatalogMethodRequest,
    update: CatalogMethodRequest,
    response: CatalogMethodResponse,
  }),
  subjects: kindRoutes('/catalogs/subjects', {
    query: CatalogSubjectsQuery,
    options: CatalogSubjectOptionsQuery,
    create: CreateCatalogSubjectRequest,
    update: CatalogSubjectRequest,
    response: CatalogSubjectResponse,
  }),
  ensuring: kindRoutes('/catalogs/ensuring', {
    query: CatalogEnsuringQuery,
    options: CatalogEnsuringOptionsQuery,
    create: CreateCatalogEnsuringRequest,
    update: CatalogEnsuringRequest,
    response: CatalogEnsuringResponse,
  }),
  products: kindRoutes('/catalogs/products', {
    query: CatalogProductsQuery,
    options: CatalogProductOptionsQuery,
    create: CreateCatalogProductRequest,
    update: CatalogProductRequest,
    response: CatalogProductResponse,
  }),
  documentSubjects: kindRoutes('/catalogs/document-subjects', {
    query: CatalogDocumentSubjectsQuery,
    options: CatalogDocumentSubjectOptionsQuery,
    create: CreateCatalogDocumentSubjectRequest,
    update: CatalogDocumentSubjectRequest,
    response: CatalogDocumentSubjectResponse,
  }),
  documents: kindRoutes('/catalogs/documents', {
    query: CatalogDocumentsQuery,
    options: CatalogDocumentOptionsQuery,
    create: CreateCatalogDocumentRequest,
    update: CatalogDocumentRequest,
    response: CatalogDocumentResponse,
  }),
} satisfies Record<CatalogKind, unknown>;

/** A field a kind's own schema adds (type, subject_type, code…): read by name. */
type KindFields = { [field: string]: unknown };
/** The query every kind's list takes (listBase in catalogs.ts) beside its own filters. */
interface ListFields {
  q?: string;
  sort?: string;
  order?: 'asc' | 'desc';
  archived?: 'false' | 'true' | 'all';
  scope?: 'all' | 'system' | 'company';
}
type AnyListQuery = z.ZodType<
  KindFields & ListFields & { page: number; limit: number },
  KindFields & ListFields & { page?: number; limit?: number }
>;
/** The query every kind's options take (optionsBase in catalogs.ts) beside its own filters. */
type AnyOptionsQuery = z.ZodType<
  KindFields & { page: number; limit: number; q?: string; ids?: string },
  KindFields & { page?: number; limit?: number; q?: string; ids?: string }
>;
type AnyBody = z.ZodType<KindFields>;

/**
 * Any kind's routes as code written once for every kind sees them (the catalogue screen, the server's handlers): the
 * common fields of an element, the kind's own read by name.
 */
export type AnyCatalogKindRoutes = ReturnType<
  typeof kindRoutes<string, AnyListQuery, AnyOptionsQuery, AnyBody, AnyBody, typeof CatalogItemResponse>
>;
export const anyCatalogKindRoutes = (kind: CatalogKind): AnyCatalogKindRoutes => catalogKindRoutes[kind] as unknown as AnyCatalogKindRoutes;
