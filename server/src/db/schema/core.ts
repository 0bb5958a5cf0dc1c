import { sql } from 'drizzle-orm';
import { pgTable, serial, integer, text, boolean, timestamp, jsonb, index, uniqueIndex, primaryKey } from 'drizzle-orm/pg-core';

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    title: text('title'),
    fullTitle: text('full_title'),
    inn: text('inn'),
    kpp: text('kpp'),
    ogrn: text('ogrn'),
    address: text('address'),
    /** ИКУ of a 44-FZ customer: 20 digits, carried by its ИКЗ in digits 3–22 (migration 0022) */
    iku: text('iku'),
    law: text('law').notNull().default('223'),
    parentId: integer('parent_id'),
    isProvider: boolean('is_provider').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('companies_inn_idx').on(t.inn),
    index('companies_parent_idx').on(t.parentId),
    // one active company per ИНН+КПП (migration 0013); an ИНН without КПП excludes any other of that ИНН (trigger of
    // migration 0028, which no index can express)
    uniqueIndex('companies_inn_kpp_active_uq')
      .on(t.inn, sql`COALESCE(${t.kpp}, '')`)
      .where(sql`${t.deletedAt} IS NULL AND ${t.inn} IS NOT NULL`),
  ],
);

/** A change of a company's ИНН, КПП or ОГРН asked by its client: in force only once the operator approves it. */
export const companyIdentityRequests = pgTable(
  'company_identity_requests',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
    inn: text('inn').notNull(),
    kpp: text('kpp'),
    ogrn: text('ogrn'),
    oldInn: text('old_inn'),
    oldKpp: text('old_kpp'),
    oldOgrn: text('old_ogrn'),
    requestedBy: integer('requested_by'),
    reason: text('reason'),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('company_identity_requests_pending_uq')
      .on(t.companyId)
      .where(sql`${t.status} = 'pending'`),
    index('company_identity_requests_status_idx').on(t.status, t.id),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    login: text('login').notNull(),
    title: text('title').notNull(),
    email: text('email'),
    phone: text('phone'),
    role: text('role').notNull(),
    passwordHash: text('password_hash').notNull(),
    blocked: boolean('blocked').notNull().default(false),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_login_uq').on(t.login), index('users_company_idx').on(t.companyId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Updated at most once a minute: the idle timeout and the «Сеансы» list read it. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Companies a staff user may act for (admin grants them). */
export const companyGrants = pgTable(
  'company_grants',
  {
    userId: integer('user_id').notNull(),
    companyId: integer('company_id').notNull(),
    grantedBy: integer('granted_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] }), index('company_grants_company_idx').on(t.companyId)],
);

export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    name: text('name').notNull(),
    position: text('position'),
    phone: text('phone'),
    email: text('email'),
    isActive: boolean('is_active').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contacts_company_idx').on(t.companyId, t.id)],
);

export const bankRequisites = pgTable(
  'bank_requisites',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    bankName: text('bank_name').notNull(),
    bik: text('bik').notNull(),
    corrAccount: text('corr_account').notNull(),
    account: text('account').notNull(),
    isMain: boolean('is_main').notNull().default(false),
  },
  (t) => [index('bank_requisites_company_idx').on(t.companyId)],
);

export const eisSettings = pgTable('eis_settings', {
  companyId: integer('company_id').primaryKey(),
  inn: text('inn'),
  kpp: text('kpp'),
  ogrn: text('ogrn'),
  registryCode: text('registry_code'),
  login: text('login'),
  /** Encrypted at rest; never returned to the browser. */
  secret: text('secret'),
  /** The person's token for ЕИС's СОИ (individualPerson_token), encrypted at rest; never returned to the browser. */
  tokenSecret: text('token_secret'),
  /** The customer's region for СОИ's getDocsByOrgRegionRequest; by default the first two digits of the ИНН. */
  regionCode: text('region_code'),
  /** Whose token it is (ЕИС issues it to a person): the daily sync acts as that user. */
  tokenUserId: integer('token_user_id'),
  /** Why the daily sync stopped acting for the company (its token's user may no longer act or edit for it); null: it runs. */
  syncStopped: text('sync_stopped'),
  /** ЕИС's words when it refused the token (missing, expired, unknown); null once a new token is saved. */
  tokenRejected: text('token_rejected'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const registrations = pgTable(
  'registrations',
  {
    id: serial('id').primaryKey(),
    status: text('status').notNull().default('pending'),
    company: jsonb('company').notNull(),
    userTitle: text('user_title').notNull(),
    login: text('login').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    reason: text('reason'),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    companyId: integer('company_id'),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('registrations_status_idx').on(t.status, t.id)],
);

export const emailCodes = pgTable(
  'email_codes',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_codes_email_idx').on(t.email, t.id)],
);

/** Who changed what, when, before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id'),
    userId: integer('user_id'),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_entity_idx').on(t.entity, t.entityId, t.id), index('audit_company_idx').on(t.companyId, t.id)],
);

/** Attempt counters of the rate limits (platform/rate-limit.ts), shared by every node on the database. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    /** '<limit>:<client IP>' */
    key: text('key').primaryKey(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
    /** Sign-in throttling: no attempt for this key before then (backoff after repeated failures). */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [index('rate_limits_started_idx').on(t.startedAt)],
);
