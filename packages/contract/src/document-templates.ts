import { z } from 'zod';
import { Id } from './common';
import { DocumentKind, SubjectKind } from './rules';

/** One tag of the template catalogue. */
export const TemplateTag = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(['string', 'date', 'money', 'number', 'text']),
  required: z.boolean().describe('Документ не формируется, пока значение не заполнено'),
  description: z.string(),
});
export type TemplateTag = z.infer<typeof TemplateTag>;

export const TemplateCatalogueResponse = z
  .object({
    fields: z.array(TemplateTag),
    loops: z.array(z.object({ name: z.string(), label: z.string(), description: z.string(), columns: z.array(TemplateTag) })),
  })
  .describe('Каталог тегов шаблонов: {поле}, циклы {#цикл}…{/цикл}, условия {#поле}…{/поле} и {^поле}…{/поле}');
export type TemplateCatalogueResponse = z.infer<typeof TemplateCatalogueResponse>;

export const TemplateLaw = z.enum(['223', '44']).describe('Закон: 223 или 44');

export const TemplateSlotQuery = z.object({
  law: TemplateLaw,
  rule_version_id: z.coerce.number().int().positive().optional().describe('223-ФЗ: редакция положения о закупке'),
});

export const TemplateUploadQuery = TemplateSlotQuery.extend({ document_kind: DocumentKind, subject: SubjectKind });
export type TemplateUploadQuery = z.infer<typeof TemplateUploadQuery>;

/** A customer's own template of one slot. */
export const CustomTemplate = z.object({
  id: z.number(),
  name: z.string(),
  size: z.number(),
  uploaded_at: z.string(),
  fields: z.array(z.string()).describe('Теги шаблона в порядке использования'),
  loops: z.record(z.string(), z.array(z.string())),
});
export type CustomTemplate = z.infer<typeof CustomTemplate>;

export const TemplateSlot = z.object({
  document_kind: DocumentKind,
  subject: SubjectKind,
  title: z.string(),
  custom: CustomTemplate.nullable().describe('null — действует встроенный шаблон'),
});
export type TemplateSlot = z.infer<typeof TemplateSlot>;

export const TemplateSlotsResponse = z.object({
  law: TemplateLaw,
  rule_version_id: z.number().nullable(),
  slots: z.array(TemplateSlot),
});
export type TemplateSlotsResponse = z.infer<typeof TemplateSlotsResponse>;

export const TemplateIdParams = z.object({ id: Id });
export const BuiltinTemplateParams = z.object({ law: TemplateLaw, kind: DocumentKind, subject: SubjectKind });
