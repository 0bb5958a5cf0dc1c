/** Socket namespaces and event names exactly as the spec names them (misspellings included). */
export const NAMESPACES = { unauth: '/unauth', auth: '/auth' } as const;

export const EVENTS = {
  emailServiceRequest: 'emailServiceRequest',
  emailServiceReceived: 'emailServiceReceived',
  emailServiceResponse: 'emailServiceResponse',
  readyDocumentRequest: 'readyDocumentRequest',
  readyDocumentReceived: 'readyDocumentReceived',
  readyDocumentResponse: 'readyDocumentResponse',
  documentUserfieldsRequest: 'documentUserfieldsRequest',
  documentUserfieldsReceived: 'documentUserfieldsReceived',
  documentUserfieldsResponse: 'documentUserfieldsResponse',
  copyProcurementRuleRequest: 'copyProcurementRuleRequest',
  copyProcurementRuleReceived: 'copyProcurementRuleReceived',
  copyProcurementRuleResponse: 'copyProcurementRuleResponse',
  eisPlanResponse: 'eisPlanResponse',
  notificationMapInvoiceItemsResponse: 'notificationMapInvoiceItemsResponse',
  notificationEisContractsResponse: 'notificationEisContractsResponse',
  notificationImportPaymentsResponse: 'notificationImportPaymentsResponse',
  notificationPerfomanceContractResponse: 'notificationPerfomanceContractResponse',
  reportCreateResponse: 'reportCreateResponse',
  catalogUserfieldsRequest: 'catalogUserfieldsRequest',
  catalogUserfieldsReceived: 'catalogUserfieldsReceived',
  catalogUserfieldsResponse: 'catalogUserfieldsResponse',
  /** Not in the spec: a period import from ЕИС reports each stored day (key, days_done, days_total, documents). */
  eisImportProgress: 'eisImportProgress',
  /** Not in the spec: a period import of notices from ЕИС ended (key, result, date_from, date_to, created, updated, violations | error). */
  eisNoticesResponse: 'eisNoticesResponse',
  /** Not in the spec: a period import of 44-ФЗ планы-графики from ЕИС ended (key, result, plans, created | error). */
  eisTenderPlanResponse: 'eisTenderPlanResponse',
  /** Not in the spec: ЕИС's documents of some purchases arrived (procurement_ids): an open card shows the new facts. */
  eisProcurementResponse: 'eisProcurementResponse',
  /** Not in the spec: the user's tasks changed (open, overdue): the top bar's count follows. */
  tasksChanged: 'tasksChanged',
  /** Not in the spec: a reminder of a task (reminder: new | due_tomorrow | overdue, title, link). */
  taskReminder: 'taskReminder',
  /** Not in the spec: an approval of a document moved (kind, document_id, status). */
  approvalChanged: 'approvalChanged',
  /** Not in the spec: a decision on a delivery document was made (document_id, contract_id, state, member_id?). */
  acceptanceDecisionResponse: 'acceptanceDecisionResponse',
} as const;
export type EventName = keyof typeof EVENTS;

/** Common payload fields of real-time events. */
export interface RealtimePayload {
  key?: string | number;
  result?: 'success' | 'error' | string;
  error?: string;
  upload_file_name?: string;
  date_from?: string;
  date_to?: string;
  eais_registry_number?: string;
  violations?: string[];
  performance_contract_guid?: string;
  contract_guid?: string;
  report_code?: string;
  contract_regnumber?: string;
  registration_number?: string;
  [k: string]: unknown;
}

/** Socket settings of the web client. */
export const SOCKET_SETTINGS = {
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  timeout: 20000,
} as const;

export const CONSTANTS = {
  noticeLifetimeMs: 10_000,
  supportWidgetPollMs: 500,
  companyPickerWidth: 450,
  selectScrollStep: 10,
  contactsPageSize: 10,
  replaySessionSampleRate: 0.1,
  replayOnErrorSampleRate: 1,
} as const;
