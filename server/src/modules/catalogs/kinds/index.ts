import type { CatalogKind } from '@proc/contract';
import type { AnyKindDef } from '../kind-def';
import { elementsKind } from './elements';
import { execTermsKind } from './exec-terms';
import { methodsKind } from './methods';
import { subjectsKind } from './subjects';
import { ensuringKind } from './ensuring';
import { productsKind } from './products';
import { documentSubjectsKind } from './document-subjects';
import { documentsKind } from './documents';

export const KINDS: Record<CatalogKind, AnyKindDef> = {
  elements: elementsKind,
  execTerms: execTermsKind,
  methods: methodsKind,
  subjects: subjectsKind,
  ensuring: ensuringKind,
  products: productsKind,
  documentSubjects: documentSubjectsKind,
  documents: documentsKind,
};
