import type { Document } from 'bson';
import type { CollationSpec } from 'mingo/types';
import { z } from 'zod';
import { badValue } from '../errors.js';
import { evaluateCommandVariables } from './command-variables.js';

const collationSchema = z.object({
  locale: z.string(),
  strength: z.number().int().min(1).max(5).optional(),
  caseLevel: z.boolean().optional(),
  caseFirst: z.enum(['upper', 'lower', 'off']).optional(),
  numericOrdering: z.boolean().optional(),
  alternate: z.enum(['non-ignorable', 'shifted']).optional(),
  maxVariable: z.string().optional(),
  backwards: z.boolean().optional(),
  normalization: z.boolean().optional(),
});

/** A command's `collation`, or undefined for none and for `simple` (binary comparison). */
export function parseCollation(value: unknown): CollationSpec | undefined {
  if (value === undefined || value === null) return undefined;
  const parsed = collationSchema.safeParse(value);
  if (!parsed.success) throw badValue(`invalid collation: ${parsed.error.issues[0]?.message ?? 'malformed'}`);
  if (parsed.data.locale === 'simple') return undefined;
  if (!isSupportedLocale(parsed.data.locale)) throw badValue(`Field 'locale' is invalid in: ${JSON.stringify(value)}`);
  const { locale, strength, caseLevel, caseFirst, numericOrdering, alternate } = parsed.data;
  // ICU strengths 4 and 5 (quaternary, identical) distinguish at least as much as 3, which Intl.Collator offers.
  return { locale, strength: strength === undefined ? undefined : (Math.min(strength, 3) as 1 | 2 | 3), caseLevel, caseFirst, numericOrdering, alternate };
}

/** ICU collation keywords MongoDB accepts after `@collation=`, as BCP 47 `-u-co-` values. */
const COLLATION_KEYWORDS: Record<string, string> = { phonebook: 'phonebk', traditional: 'trad', pinyin: 'pinyin', stroke: 'stroke', unihan: 'unihan', search: 'search', eor: 'eor', compat: 'compat', zhuyin: 'zhuyin', big5han: 'big5han', gb2312han: 'gb2312', standard: 'standard', dictionary: 'dict', emoji: 'emoji' };

/**
 * A MongoDB collation locale (ICU's spelling: `en_US`, `zh_Hant`, `de@collation=phonebook`) as the BCP 47
 * tag `Intl.Collator` takes (`en-US`, `zh-Hant`, `de-u-co-phonebk`).
 */
export function icuLocale(locale: string): string {
  const [base = '', keyword] = locale.split('@');
  const tag = base.replace(/_/g, '-');
  const variant = keyword?.match(/^collation=(\w+)$/)?.[1];
  if (variant === undefined) return tag;
  return `${tag}-u-co-${COLLATION_KEYWORDS[variant] ?? variant}`;
}

function isSupportedLocale(locale: string): boolean {
  try {
    return Intl.Collator.supportedLocalesOf(icuLocale(locale)).length > 0;
  } catch {
    return false;
  }
}

const SENSITIVITY = { 1: 'base', 2: 'accent', 3: 'variant' } as const;
const collators = new Map<string, Intl.Collator>();

/** The Intl.Collator for a collation (cached): strength 1 ignores case and accents, 2 case only, 3 neither. */
export function collatorFor(spec: CollationSpec): Intl.Collator {
  const key = JSON.stringify(spec);
  let collator = collators.get(key);
  if (!collator) {
    let sensitivity: Intl.CollatorOptions['sensitivity'] = SENSITIVITY[spec.strength ?? 3];
    if (spec.caseLevel === true) sensitivity = sensitivity === 'base' ? 'case' : sensitivity === 'accent' ? 'variant' : sensitivity;
    collator = new Intl.Collator(icuLocale(spec.locale), {
      sensitivity,
      caseFirst: spec.caseFirst === 'off' ? 'false' : spec.caseFirst,
      numeric: spec.numericOrdering ?? false,
      ignorePunctuation: spec.alternate === 'shifted',
    });
    collators.set(key, collator);
  }
  return collator;
}

/** The options a query, sort or pipeline runs with: a command's collation and its `let` variables. */
export interface QueryOptions {
  collation?: CollationSpec;
  variables?: Document;
}

export function commandQueryOptions(command: Document, collation: unknown = command.collation): QueryOptions {
  const variables = command.let as unknown;
  if (variables !== undefined && (variables === null || typeof variables !== 'object' || Array.isArray(variables))) throw badValue("'let' must be an object");
  return { collation: parseCollation(collation), variables: variables === undefined ? undefined : evaluateCommandVariables(variables as Document) };
}

/** Whether a collation option is absent or MongoDB's binary comparison (`{locale: 'simple'}`). */
export function isSimpleCollation(value: unknown): boolean {
  return value === undefined || (typeof value === 'object' && value !== null && (value as { locale?: unknown }).locale === 'simple');
}
