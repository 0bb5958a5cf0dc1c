export {
  TEMPLATE_CODES,
  TEMPLATE_DEFINITIONS,
  TEMPLATE_LIST,
  getTemplateDefinition,
  isTemplateCode,
  type TemplateCode,
  type TemplateDefinition,
  type TemplateField,
  type TemplateFieldType,
  type TemplateLoop,
} from './template-fields';
export {
  DOCX_TEMPLATES_DIR,
  BLANK,
  DocxTemplateError,
  emptyLabelFindings,
  getDocxTemplateTags,
  readDocxText,
  readTemplate,
  renderDocx,
  renderTemplate,
  templatePath,
  type DocxTemplateIssue,
  type DocxTemplateTags,
} from './render-docx';
export {
  NBSP,
  formatDateLongRu,
  formatDateRu,
  formatMoneyRu,
  formatNumberRu,
  integerInWordsRu,
  prepareTemplateData,
  rublesInWords,
  toDecimal,
  type DecimalInput,
} from './format';
export { SAMPLE_TEMPLATE_DATA } from './sample-data';
