import type { AcceptancePanelResponse, ContractAcceptanceResponse } from '@proc/contract';
import { api } from '../../lib/api';

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
  panel: (id: number) => api.get<AcceptancePanelResponse>(`/acceptance/${id}`, { name: 'Приёмка документа' }),
  review: (id: number, body: { kind: 'in_house' | 'expert'; expert_name?: string | null; conclusion?: AttachedFile | null }) =>
    api.post<AcceptancePanelResponse>(`/acceptance/${id}/review`, { name: 'Экспертиза', body }),
  decide: (id: number, body: { lines: LineDecision[]; reason?: string | null }, idempotencyKey?: string) =>
    api.post<AcceptancePanelResponse>(`/acceptance/${id}/decision`, { name: 'Решение о приёмке', body, idempotencyKey }),
  voteText: (id: number, body: { member_id: number; lines: LineDecision[]; reason?: string | null }) =>
    api.post<{ content_base64: string }>(`/acceptance/${id}/votes/text`, { name: 'Текст решения для подписи', body }),
  vote: (
    id: number,
    body: { member_id: number; lines: LineDecision[]; reason?: string | null; signature?: string; scan?: AttachedFile },
    idempotencyKey?: string,
  ) => api.post<AcceptancePanelResponse>(`/acceptance/${id}/votes`, { name: 'Решение члена комиссии', body, idempotencyKey }),
  act: (id: number) => api.download(`/acceptance/${id}/act`, 'Документ о приёмке'),
  settings: (contractId: number) =>
    api.get<ContractAcceptanceResponse>(`/contracts/${contractId}/acceptance-settings`, { name: 'Приёмочная комиссия' }),
  setCommission: (contractId: number, members: MemberInput[]) =>
    api.put<ContractAcceptanceResponse>(`/contracts/${contractId}/acceptance-commission`, { name: 'Состав комиссии', body: { members } }),
  setTerms: (contractId: number, body: { acceptance_days: number | null; payment_days: number | null }) =>
    api.put<ContractAcceptanceResponse>(`/contracts/${contractId}/acceptance-terms`, { name: 'Сроки приёмки и оплаты', body }),
};

/** A chosen file as the JSON body carries it. */
export async function fileAsBase64(file: File): Promise<AttachedFile> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { file_name: file.name, content_base64: btoa(bin) };
}
