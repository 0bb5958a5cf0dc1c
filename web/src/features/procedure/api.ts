import type { z } from 'zod';
import { routes } from '@proc/contract/routes';
import type {
  ApplicationRequest,
  ProcedureCommissionRequest,
  ProcedureCriteriaRequest,
  ProtocolKind,
  ReviewRequest,
  ScoresRequest,
} from '@proc/contract';
import { api, call, href } from '../../lib/api';

const P = routes.procedure;

/** Процедура закупки: the server's /procurements/:id/procedure routes (modules/procedure). */
export const procedureApi = {
  panel: (id: number) => call(P.getById, { params: { id }, name: 'Процедура закупки' }),
  setCommission: (id: number, body: z.input<typeof ProcedureCommissionRequest>) =>
    call(P.putCommission, { params: { id }, name: 'Состав комиссии', body }),
  setCriteria: (id: number, body: z.input<typeof ProcedureCriteriaRequest>) =>
    call(P.putCriteria, { params: { id }, name: 'Критерии оценки', body }),
  addApplication: (id: number, body: z.input<typeof ApplicationRequest>) =>
    call(P.postApplications, { params: { id }, name: 'Заявка', body }),
  attach: (id: number, applicationId: number, body: { file_name: string; content_base64: string }) =>
    call(P.putApplicationsFile, { params: { id, applicationId }, name: 'Файл заявки', body }),
  file: (id: number, applicationId: number, name: string) =>
    api.download(href(P.getApplicationsFile, { params: { id, applicationId } }), name),
  remove: (id: number, applicationId: number) => call(P.deleteApplications, { params: { id, applicationId }, name: 'Заявка' }),
  review: (id: number, body: z.input<typeof ReviewRequest>) => call(P.postReview, { params: { id }, name: 'Рассмотрение заявок', body }),
  scores: (id: number, body: z.input<typeof ScoresRequest>) => call(P.putScores, { params: { id }, name: 'Оценка заявок', body }),
  protocol: (id: number, kind: ProtocolKind, signed_on: string) =>
    call(P.postProtocols, { params: { id, kind }, name: 'Протокол', body: { signed_on } }),
  download: (id: number, kind: ProtocolKind, name: string) => api.download(href(P.getProtocols, { params: { id, kind } }), name),
};
