import { z } from 'zod';
import {
  CatalogArchiveRequest,
  CompanyTariffRequest,
  CompanyTariffResponse,
  CurrentTariffResponse,
  TariffRequest,
  TariffResponse,
  TariffsQuery,
  catalogOptions,
} from '../catalogs';
import { Id, IdParams, paged } from '../common';
import { defineRoutes } from '../http';

export const AssignmentParams = z.object({ id: Id, assignmentId: Id });

export const OptionsQuery = z.object({
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

/** The HTTP routes of tariffs (paths under /api). */
export const tariffsRoutes = defineRoutes({
  getCurrent: { method: 'GET', path: '/tariffs/current', response: { 200: CurrentTariffResponse } },
  get: { method: 'GET', path: '/tariffs', query: TariffsQuery, response: { 200: paged(TariffResponse) } },
  getOptions: { method: 'GET', path: '/tariffs/options', query: OptionsQuery, response: { 200: catalogOptions(TariffResponse) } },
  getById: { method: 'GET', path: '/tariffs/:id', params: IdParams, response: { 200: TariffResponse } },
  post: { method: 'POST', path: '/tariffs', body: TariffRequest, response: { 200: TariffResponse } },
  putById: { method: 'PUT', path: '/tariffs/:id', params: IdParams, body: TariffRequest, response: { 200: TariffResponse } },
  postArchive: {
    method: 'POST',
    path: '/tariffs/:id/archive',
    params: IdParams,
    body: CatalogArchiveRequest,
    response: { 200: TariffResponse },
  },
  deleteById: { method: 'DELETE', path: '/tariffs/:id', params: IdParams },
  getCompaniesTariffs: {
    method: 'GET',
    path: '/companies/:id/tariffs',
    params: IdParams,
    response: { 200: z.array(CompanyTariffResponse) },
  },
  postCompaniesTariffs: {
    method: 'POST',
    path: '/companies/:id/tariffs',
    params: IdParams,
    body: CompanyTariffRequest,
    response: { 200: CompanyTariffResponse },
  },
  putCompaniesTariffsByAssignmentId: {
    method: 'PUT',
    path: '/companies/:id/tariffs/:assignmentId',
    params: AssignmentParams,
    body: CompanyTariffRequest,
    response: { 200: CompanyTariffResponse },
  },
  deleteCompaniesTariffsByAssignmentId: { method: 'DELETE', path: '/companies/:id/tariffs/:assignmentId', params: AssignmentParams },
});
