import { and, eq, isNull } from 'drizzle-orm';
import type { DocumentKind } from '@proc/contract';
import type { Tx } from '../../db/client';
import { documentTemplates } from '../../db/schema';
import { builtinTemplateBytes, getDocxTemplateTags } from '../../formats/docx/render-docx';
import { CATALOGUE_FIELDS, CATALOGUE_LOOPS, type CatalogueField } from '../../formats/docx/tag-catalogue';
import type { TemplateLaw, TemplateSubject } from '../../formats/docx/builtin-templates';
import type { FileStore } from '../../platform/files';

/** The fields a template prints, in the order of use, each described by the catalogue. */
export interface TemplateShape {
  fields: CatalogueField[];
  loops: { name: string; label: string; fields: CatalogueField[] }[];
}

/** Where a document's template comes from: the customer's own upload or the built-in file. */
export interface TemplateSource {
  shape: TemplateShape;
  bytes: () => Promise<Buffer>;
  /** null — the built-in template */
  customId: number | null;
  name: string;
}

export function shapeOf(tags: { fields: string[]; loops: Record<string, string[]> }): TemplateShape {
  return {
    fields: tags.fields.filter((n) => CATALOGUE_FIELDS.has(n)).map((n) => CATALOGUE_FIELDS.get(n)!),
    loops: Object.entries(tags.loops)
      .filter(([n]) => CATALOGUE_LOOPS.has(n))
      .map(([n, cols]) => {
        const loop = CATALOGUE_LOOPS.get(n)!;
        return { name: n, label: loop.label, fields: loop.columns.filter((c) => cols.includes(c.name)) };
      }),
  };
}

// a built-in template does not change while the server runs: its tags are read once
const builtinShapes = new Map<string, Promise<TemplateShape>>();

function builtinShape(kind: DocumentKind, law: TemplateLaw, subject: TemplateSubject): Promise<TemplateShape> {
  const key = `${law}/${kind}/${subject}`;
  let shape = builtinShapes.get(key);
  if (!shape) {
    shape = builtinTemplateBytes(kind, { law, subject }).then((b) => shapeOf(getDocxTemplateTags(b, { sorted: false })));
    builtinShapes.set(key, shape);
    shape.catch(() => builtinShapes.delete(key));
  }
  return shape;
}

/** What the template of one document is looked up by. */
export interface TemplateSlot {
  companyId: number;
  kind: DocumentKind;
  law: TemplateLaw;
  subject: TemplateSubject;
  /** the Положение's version in force (223-ФЗ); null for 44-ФЗ or a purchase without a Положение */
  ruleVersionId: number | null;
}

/**
 * The template a document is built from: the customer's own for its law, subject kind and Положение's version (223-ФЗ)
 * or company (44-ФЗ), else the built-in one.
 */
export async function templateFor(db: Tx, files: FileStore, slot: TemplateSlot): Promise<TemplateSource> {
  const [own] =
    slot.law === '223' && slot.ruleVersionId === null
      ? []
      : await db
          .select()
          .from(documentTemplates)
          .where(
            and(
              eq(documentTemplates.companyId, slot.companyId),
              eq(documentTemplates.law, slot.law),
              eq(documentTemplates.subject, slot.subject),
              eq(documentTemplates.documentKind, slot.kind),
              slot.ruleVersionId === null
                ? isNull(documentTemplates.ruleVersionId)
                : eq(documentTemplates.ruleVersionId, slot.ruleVersionId),
            ),
          )
          .limit(1);
  if (own) return { shape: shapeOf(own.tags), bytes: () => files.get(own.fileKey), customId: own.id, name: own.name };
  return {
    shape: await builtinShape(slot.kind, slot.law, slot.subject),
    bytes: () => builtinTemplateBytes(slot.kind, { law: slot.law, subject: slot.subject }),
    customId: null,
    name: 'Встроенный шаблон',
  };
}
