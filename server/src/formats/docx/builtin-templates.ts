/**
 * Where the built-in templates live: `server/templates/docx/<law>/<kind>.docx`, and for the documents that differ by
 * what is bought (the contract draft, the technical specification) `<law>/<kind>.<subject>.docx`. They are ordinary
 * Word files with tags, read the same way as a customer's own template.
 */
import path from 'node:path';
import { REPO_ROOT } from '../../paths';

export const DOCX_TEMPLATES_DIR = path.join(REPO_ROOT, 'server/templates/docx');

export type TemplateLaw = '223' | '44';
export type TemplateSubject = 'goods' | 'works' | 'services';
export type TemplateKind = 'notice' | 'documentation' | 'draft-contract' | 'tech-spec' | 'nmcd-justification';

export const TEMPLATE_KINDS: readonly TemplateKind[] = ['notice', 'documentation', 'draft-contract', 'tech-spec', 'nmcd-justification'];
export const TEMPLATE_SUBJECTS: readonly TemplateSubject[] = ['goods', 'works', 'services'];
export const TEMPLATE_LAWS: readonly TemplateLaw[] = ['223', '44'];

/** The kinds whose text depends on the subject: a works contract is not a supply contract. */
export const BY_SUBJECT: ReadonlySet<TemplateKind> = new Set(['draft-contract', 'tech-spec']);

export interface BuiltinTemplateFile {
  law: TemplateLaw;
  kind: TemplateKind;
  /** null — one template for every subject kind */
  subject: TemplateSubject | null;
  /** relative to DOCX_TEMPLATES_DIR */
  file: string;
}

export const BUILTIN_TEMPLATE_FILES: readonly BuiltinTemplateFile[] = TEMPLATE_LAWS.flatMap((law) =>
  TEMPLATE_KINDS.flatMap((kind): BuiltinTemplateFile[] =>
    BY_SUBJECT.has(kind)
      ? TEMPLATE_SUBJECTS.map((subject) => ({ law, kind, subject, file: `${law}/${kind}.${subject}.docx` }))
      : [{ law, kind, subject: null, file: `${law}/${kind}.docx` }],
  ),
);

/** The built-in template of a document kind for a purchase of this law and subject. */
export function builtinTemplateFile(kind: TemplateKind, law: TemplateLaw, subject: TemplateSubject): BuiltinTemplateFile {
  return BUILTIN_TEMPLATE_FILES.find((t) => t.kind === kind && t.law === law && (t.subject === null || t.subject === subject))!;
}

export const builtinTemplatePath = (t: BuiltinTemplateFile) => path.join(DOCX_TEMPLATES_DIR, t.file);
