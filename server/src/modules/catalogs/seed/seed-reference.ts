import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import {
  catalogDocumentSubjects,
  catalogDocuments,
  catalogElements,
  catalogEnsuring,
  catalogExecTerms,
  catalogMethods,
  catalogSeeds,
  catalogSubjects,
  okei,
} from '../../../db/schema';
import type { Deps } from '../../../platform/context';
import { OKEI_UNITS } from './okei-data';
import { DOCUMENTS, DOCUMENT_SUBJECTS, ELEMENTS, ENSURING, EXEC_TERMS, METHODS, SUBJECTS } from './reference-data';
import type { CatalogType } from '@proc/contract';

/**
 * Each data set is applied once: its key is claimed in the same transaction (ON CONFLICT: another node did it), so a
 * seeded element that staff deleted is not brought back at the next start, and concurrent starts do not duplicate.
 */
async function once(deps: Deps, key: string, apply: (tx: Tx) => Promise<void>): Promise<void> {
  const [done] = await deps.db.select({ key: catalogSeeds.key }).from(catalogSeeds).where(eq(catalogSeeds.key, key));
  if (done) return;
  await deps.db.transaction(async (tx) => {
    const claimed = await tx.insert(catalogSeeds).values({ key }).onConflictDoNothing().returning();
    if (claimed.length) await apply(tx);
  });
}

export async function seedReference(deps: Deps): Promise<void> {
  await once(deps, 'okei.v1', async (tx) => {
    await tx
      .insert(okei)
      .values(OKEI_UNITS.map((u) => ({ code: u.code, name: u.name, shortName: u.short })))
      .onConflictDoNothing();
  });
  await once(deps, 'methods.v1', async (tx) => {
    await tx.insert(catalogMethods).values(
      METHODS.map((m) => ({
        code: m.code,
        name: m.name,
        shortName: m.short,
        isCompetitive: m.competitive,
        isElectronic: m.electronic,
        description: m.description,
      })),
    );
  });
  await once(deps, 'elements.v1', async (tx) => {
    const rows = (Object.entries(ELEMENTS) as unknown as [string, (typeof ELEMENTS)[CatalogType]][]).flatMap(([type, list]) =>
      list.map((e) => ({ type: Number(type), code: e.code ?? null, name: e.name, description: e.description ?? null })),
    );
    await tx.insert(catalogElements).values(rows);
  });
  await once(deps, 'exec-terms.v1', async (tx) => {
    await tx.insert(catalogExecTerms).values(EXEC_TERMS.map((e) => ({ type: e.type, subjectType: e.subjectType, name: e.name })));
  });
  await once(deps, 'ensuring.v1', async (tx) => {
    await tx.insert(catalogEnsuring).values(
      ENSURING.map((e) => ({
        kind: e.kind,
        valueType: 'percent',
        name: e.name,
        percent: e.percent,
        percentMin: e.min,
        percentMax: e.max,
        description: e.description,
      })),
    );
  });
  await once(deps, 'subjects-documents.v1', async (tx) => {
    const subjects = await tx
      .insert(catalogSubjects)
      .values(SUBJECTS.map((s) => ({ code: s.code, name: s.name, subjectType: s.subjectType, description: s.description })))
      .returning({ id: catalogSubjects.id, code: catalogSubjects.code });
    const documents = await tx
      .insert(catalogDocuments)
      .values(DOCUMENTS.map((d) => ({ code: d.code, name: d.name, templateCode: d.template })))
      .returning({ id: catalogDocuments.id, code: catalogDocuments.code });
    const subjectId = new Map(subjects.map((s) => [s.code, s.id]));
    const documentId = new Map(documents.map((d) => [d.code, d.id]));
    await tx.insert(catalogDocumentSubjects).values(
      DOCUMENT_SUBJECTS.map((ds) => ({
        subjectId: subjectId.get(ds.subjectCode)!,
        documentId: documentId.get(ds.documentCode)!,
        name: ds.name,
        required: ds.required,
        sortOrder: ds.sortOrder,
      })),
    );
  });
}
