import { z } from 'zod';
import { CatalogUserfieldsElement, CatalogUserfieldsRequest } from './catalogs';
import { DocumentItem, DocumentUserfieldsPayload, ReadyDocumentPayload } from './procurements';
import { CopyProcurementRulePayload } from './rules';
import { ApprovalKind } from './approvals';
import { AcceptanceState } from './acceptance';

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
  /** Not in the spec: a purchase's procedure changed (commission, applications, review, protocols): its tab reloads. */
  procedureChanged: 'procedureChanged',
} as const;
export type EventName = keyof typeof EVENTS;

const Key = z.union([z.string(), z.number()]);
const Result = z.enum(['success', 'error', 'pending']);
/** What every answer of a request or a job carries: the request's key, the result, the error text on 'error'. */
const outcome = {
  key: Key,
  result: Result,
  error: z.string().optional(),
  /** The fields an error names (the server's AppError fields), keyed as the form names them. */
  fields: z.record(z.string(), z.array(z.string())).optional(),
};
/** A period's import from ЕИС: its dates and the documents that broke a rule. */
const period = { date_from: z.string().optional(), date_to: z.string().optional(), violations: z.array(z.string()).optional() };
const counts = { created: z.number().optional(), updated: z.number().optional(), unchanged: z.number().optional() };

/**
 * The request → received → response triads : the namespace, the request's payload and the response's.
 * A triad `x` has the events `xRequest` (client → server), `xReceived` ({ key }) and `xResponse` (server → client).
 */
export const TRIADS = {
  emailService: {
    ns: 'unauth',
    request: z.object({ key: Key.optional(), email: z.string() }),
    response: z.object({ ...outcome, email: z.string().optional() }),
  },
  readyDocument: {
    ns: 'auth',
    request: ReadyDocumentPayload,
    response: z.object({
      ...outcome,
      procurement_id: z.number().optional(),
      files: z.array(z.object({ id: z.number(), name: z.string() })),
      violations: z.array(z.string()).optional(),
    }),
  },
  documentUserfields: {
    ns: 'auth',
    request: DocumentUserfieldsPayload,
    response: z.object({ ...outcome, procurement_id: z.number(), documents: z.array(DocumentItem) }),
  },
  copyProcurementRule: {
    ns: 'auth',
    request: CopyProcurementRulePayload,
    response: z.object({ ...outcome, rule_id: z.number().optional() }),
  },
  catalogUserfields: {
    ns: 'auth',
    request: CatalogUserfieldsRequest,
    response: z.object({ ...outcome, elements: z.array(CatalogUserfieldsElement).optional() }),
  },
} as const;
export type TriadName = keyof typeof TRIADS;
export type TriadRequest<T extends TriadName> = z.input<(typeof TRIADS)[T]['request']>;
export type TriadResponse<T extends TriadName> = z.output<(typeof TRIADS)[T]['response']>;
/** What a triad's handler answers: the response without the key (the triad adds it). */
export type TriadAnswer<T extends TriadName> = Omit<TriadResponse<T>, 'key'>;

/** Events the server pushes on 'auth' beside the triads' answers: a job's outcome, an import's progress. */
export const PUSHES = {
  eisPlanResponse: z.object({ ...outcome, plans: z.array(z.string()).optional(), ...counts }),
  eisTenderPlanResponse: z.object({ ...outcome, plans: z.array(z.string()).optional(), ...counts }),
  eisNoticesResponse: z.object({ ...outcome, ...period, ...counts }),
  notificationEisContractsResponse: z.object({
    ...outcome,
    ...period,
    ...counts,
    eais_registry_number: z.string().optional(),
    message: z.string().optional(),
  }),
  eisImportProgress: z.object({
    key: Key,
    date_from: z.string(),
    date_to: z.string(),
    days_total: z.number(),
    days_done: z.number(),
    documents: z.number(),
  }),
  eisProcurementResponse: z.object({ result: Result, procurement_ids: z.array(z.number()) }),
  notificationPerfomanceContractResponse: z.object({
    ...outcome,
    registration_number: z.string().optional(),
    contract_regnumber: z.string().optional(),
    performance_contract_guid: z.string().optional(),
    contract_guid: z.string().optional(),
  }),
  notificationImportPaymentsResponse: z.object({
    ...outcome,
    upload_file_name: z.string(),
    import_id: z.number(),
    message: z.string().optional(),
    total: z.number().optional(),
    created: z.number().optional(),
    matched: z.number().optional(),
    duplicates: z.number().optional(),
    unmatched: z.number().optional(),
  }),
  notificationMapInvoiceItemsResponse: z.object({
    ...outcome,
    upload_file_name: z.string(),
    contract_id: z.number(),
    document_id: z.number(),
    message: z.string().optional(),
    lines: z.number().optional(),
    mapped: z.number().optional(),
    unmapped: z.number().optional(),
  }),
  reportCreateResponse: z.object({
    ...outcome,
    report_code: z.string(),
    contract_regnumber: z.string().optional(),
    period_from: z.string().nullable().optional(),
    period_to: z.string().nullable().optional(),
    message: z.string().optional(),
    file_name: z.string().optional(),
  }),
  copyProcurementRuleResponse: TRIADS.copyProcurementRule.response,
  readyDocumentResponse: TRIADS.readyDocument.response,
  /** The user's tasks changed: the top bar's count follows. */
  tasksChanged: z.object({ open: z.number(), overdue: z.number() }),
  /** A reminder of one task. */
  taskReminder: z.object({
    reminder: z.enum(['new', 'due_tomorrow', 'overdue']),
    title: z.string(),
    link: z.string(),
    due_on: z.string().nullable(),
    task_id: z.number(),
  }),
  /** An approval of a document moved. */
  approvalChanged: z.object({ kind: ApprovalKind, document_id: z.number(), status: z.string() }),
  /** A decision on a delivery document (a member's vote when member_id is given). */
  acceptanceDecisionResponse: z.object({
    result: Result,
    document_id: z.number(),
    contract_id: z.number(),
    state: AcceptanceState,
    member_id: z.number().optional(),
  }),
  /** A purchase's procedure changed; `status` is the purchase's status after it. */
  procedureChanged: z.object({ procurement_id: z.number(), status: z.string() }),
} as const;
export type PushName = keyof typeof PUSHES;

/** Every event the server sends and its payload (what the emitter passes: a schema's input). */
export type ServerEvents = { [E in PushName]: z.input<(typeof PUSHES)[E]> } & {
  [T in TriadName as `${T}Response`]: z.input<(typeof TRIADS)[T]['response']>;
} & { [T in TriadName as `${T}Received`]: { key: string | number } };
export type ServerEventName = keyof ServerEvents;
/** Every event a client sends: the triads' requests. */
export type ClientEvents = { [T in TriadName as `${T}Request`]: TriadRequest<T> };
export type ClientEventName = keyof ClientEvents;

/** socket.io's typed-events maps (`Server<ClientToServerEvents, ServerToClientEvents>`, `Socket<ServerToClientEvents, ClientToServerEvents>`). */
export type ServerToClientEvents = { [E in ServerEventName]: (payload: ServerEvents[E]) => void };
export type ClientToServerEvents = { [E in ClientEventName]: (payload: ClientEvents[E]) => void };

/** The payload of any server event: what a listener of several events can rely on. */
export type RealtimePayload = ServerEvents[ServerEventName];

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
