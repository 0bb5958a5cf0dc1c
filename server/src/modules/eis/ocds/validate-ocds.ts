import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import schema from './release-package.schema.json';

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(schema);

/** Checks a release package against the OCDS 1.1 schema subset; returns the errors as `path: message` lines. */
export function ocdsErrors(pkg: unknown): string[] {
  if (validate(pkg)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'}: ${e.message}`);
}
