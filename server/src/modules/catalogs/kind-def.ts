import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { CatalogAccess, CatalogKind } from '@proc/contract';
import type { Tx } from '../../db/client';
import type { StoredUserField } from '../../db/schema';

/** Columns every catalogue table has (see catalogColumns in db/schema/catalogs.ts). */
export type CatalogTable = PgTable & {
  id: AnyPgColumn;
  companyId: AnyPgColumn;
  name: AnyPgColumn;
  description: AnyPgColumn;
  archived: AnyPgColumn;
  userFields: AnyPgColumn;
  createdBy: AnyPgColumn;
  createdAt: AnyPgColumn;
  updatedAt: AnyPgColumn;
};

export interface CommonRow {
  id: number;
  companyId: number | null;
  name: string;
  description: string | null;
  archived: boolean;
  userFields: StoredUserField[];
  createdAt: Date;
  updatedAt: Date;
}

/** Fields shared by every create/update body. */
export interface CommonInput {
  name?: string | null;
  description?: string | null;
  user_fields: { name: string; label: string; type: StoredUserField['type']; default?: string | null }[];
}

/** Where a new or edited element lives: null = system element shared by all companies. */
export type Scope = number | null;

/**
 * One catalogue kind: its table, schemas and the few things that differ between kinds. The list, options, create,
 * edit, archive and delete logic is written once (catalog-service.ts) against this description.
 */
export interface KindDef<Row extends CommonRow, Res, Create extends CommonInput, Update extends CommonInput, Query, OptQuery> {
  kind: CatalogKind;
  table: CatalogTable;
  /** One element, for messages and the audit log ('Способ закупки'). */
  title: string;
  schemas: {
    create: z.ZodType<Create>;
    update: z.ZodType<Update>;
    response: z.ZodType<Res>;
    query: z.ZodType<Query>;
    options: z.ZodType<OptQuery>;
  };
  /** Who may read one row. */
  rowAccess(row: Row): CatalogAccess;
  /** Who may read a list filtered by this query. */
  queryAccess(q: Query | OptQuery): CatalogAccess;
  /** Kind-specific list filters. */
  filters(q: Query | OptQuery): SQL[];
  /** Sort keys of the list query → column or expression. */
  sorts: Record<string, AnyPgColumn | SQL>;
  /** Searched as a prefix besides the name (codes). */
  prefixColumns?: AnyPgColumn[];
  /** A code that must be unique among the elements a company sees. */
  codeColumn?: AnyPgColumn;
  /** Code uniqueness is checked among rows matching these conditions too (the same type). */
  codeScope?(row: Row | Create): SQL[];
  /** Kind-specific columns of a create or update body. */
  values(input: Create | Update, isCreate: boolean): Record<string, unknown>;
  /** Checks needing the database (references exist and are visible in the element's scope). */
  validate?(tx: Tx, input: Create | Update, scope: Scope, companyId: number): Promise<void>;
  /** Name to store when the body has none (documents by subject take the document's name). */
  defaultName?(tx: Tx, input: Create | Update): Promise<string>;
  /** Rows → responses in one batch: related names by one query each, never per row. */
  respond(tx: Tx, rows: Row[]): Promise<Res[]>;
  /** Select option text and value (methods and subjects are referenced by code, the rest by id). */
  option(res: Res): { name: string; value: string | number };
  /** Code and type for usage checkers. */
  usageElement?(row: Row): { code?: string | null; type?: number | null };
}

// The routes and the service handle every kind through this erased type; each kind file keeps its precise types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyKindDef = KindDef<any, any, any, any, any, any>;

export const commonResponse = (row: CommonRow) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  system: row.companyId === null,
  company_id: row.companyId,
  archived: row.archived,
  user_fields: (row.userFields ?? []).map((f) => ({ name: f.name, label: f.label, type: f.type, default: f.default ?? null })),
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});
