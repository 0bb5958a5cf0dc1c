import { routes } from '@proc/contract/routes';
import { api, call, href } from '../../lib/api';

export interface LineDecision {
  line_id: number;
  accepted_quantity: string;
  reason?: string | null;
}
export interface AttachedFile {
  file_name: string;
  content_base64: string;
}
export interface MemberInput {
  user_id?: number | null;
  full_name?: string | null;
  position?: string | null;
  is_chair: boolean;
}

/** Приёмка поставок: the server's /acceptance routes (modules/acceptance). */
export const acceptanceApi = {
  panel: (id: number) => call(routes.acceptance.getById, { params: { id }, name: 'Приёмка документа' }),
  review: (id: number, body: { kind: 'in_house' | 'expert'; expert_name?: string | null; conclusion?: AttachedFile | null }) =>
    call(routes.acceptance.postReview, { params: { id }, name: 'Экспертиза', body }),
  decide: (id: number, body: { lines: LineDecision[]; reason?: string | null }, idempotencyKey?: string) =>
    call(routes.acceptance.postDecision, { params: { id }, name: 'Решение о приёмке', body, idempotencyKey }),
  voteText: (id: number, body: { member_id: number; lines: LineDecision[]; reason?: string | null }) =>
    call(routes.acceptance.postVotesText, { params: { id }, name: 'Текст решения для подписи', body }),
  vote: (
    id: number,
    body: { member_id: number; lines: LineDecision[]; reason?: string | null; signature?: string; scan?: AttachedFile },
    idempotencyKey?: string,
  ) => call(routes.acceptance.postVotes, { params: { id }, name: 'Решение члена комиссии', body, idempotencyKey }),
  act: (id: number) => api.download(href(routes.acceptance.getAct, { params: { id } }), 'Документ о приёмке'),
  formBuyerTitle: (id: number) => call(routes.acceptance.postBuyerTitle, { params: { id }, name: 'Титул покупателя' }),
  signBuyerTitle: (id: number, signature: string) =>
    call(routes.acceptance.postBuyerTitleSignature, { params: { id }, name: 'Подпись титула покупателя', body: { signature } }),
  buyerTitle: (id: number) => api.download(href(routes.acceptance.getBuyerTitle, { params: { id } }), 'Титул покупателя'),
  buyerTitleSig: (id: number) => api.download(href(routes.acceptance.getBuyerTitleSig, { params: { id } }), 'Подпись титула покупателя'),
  settings: (contractId: number) =>
    call(routes.acceptance.getContractsSettings, { params: { id: contractId }, name: 'Приёмочная комиссия' }),
  setCommission: (contractId: number, members: MemberInput[]) =>
    call(routes.acceptance.putContractsCommission, { params: { id: contractId }, name: 'Состав комиссии', body: { members } }),
  setTerms: (contractId: number, body: { acceptance_days: number | null; payment_days: number | null }) =>
    call(routes.acceptance.putContractsTerms, { params: { id: contractId }, name: 'Сроки приёмки и оплаты', body }),
};

/** A chosen file as the JSON body carries it. */
export async function fileAsBase64(file: File): Promise<AttachedFile> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { file_name: file.name, content_base64: btoa(bin) };
}
