import { badRequest } from '../errors.js';

export type FieldType = 'text' | 'keyword' | 'date' | 'long' | 'integer' | 'float' | 'double' | 'boolean';
const FIELD_TYPES = new Set<string>(['text', 'keyword', 'date', 'long', 'integer', 'float', 'double', 'boolean']);

/** An index's mappings: the type of each top-level field. Fields not mapped are stored, not searched. */
export interface Mappings {
  properties: Record<string, { type: FieldType }>;
}

export function readMappings(body: unknown): Mappings {
  const mappings = (body as { mappings?: unknown } | undefined)?.mappings;
  if (mappings === undefined) return { properties: {} };
  const properties = (mappings as { properties?: unknown }).properties ?? {};
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) throw badRequest('mappings.properties must be an object');
  const out: Mappings = { properties: {} };
  for (const [field, spec] of Object.entries(properties)) {
    const type = (spec as { type?: unknown } | null)?.type;
    if (typeof type !== 'string' || !FIELD_TYPES.has(type)) throw badRequest(`mapping of [${field}]: type must be one of ${[...FIELD_TYPES].join(', ')}`);
    out.properties[field] = { type: type as FieldType };
  }
  return out;
}

export function textFields(mappings: Mappings): string[] {
  return Object.entries(mappings.properties)
    .filter(([, spec]) => spec.type === 'text')
    .map(([field]) => field);
}
