import type { z } from 'zod';

function withArticle(kind: string): string {
  return /^[aeiou]/.test(kind) ? `an ${kind}` : `a ${kind}`;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  return withArticle(Array.isArray(value) ? 'array' : typeof value);
}

/**
 * The messages `lattice validate` prints: "is required" only when the key is missing, and for a value
 * that is present but wrong, what it must be and what it is ("must be a string, got a number").
 */
export const issueMessage: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type') {
    if (issue.input === undefined) return 'is required';
    return `must be ${withArticle(issue.expected)}, got ${kindOf(issue.input)}`;
  }
  if (issue.code === 'invalid_value') {
    return `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}, got ${JSON.stringify(issue.input)}`;
  }
  if (issue.code === 'invalid_format' && issue.format === 'url') {
    return `must be a URL with a scheme, e.g. https://example.com, got ${JSON.stringify(issue.input)}`;
  }
  return undefined;
};

/** A schema-level error for a required key: its hint when missing, the general messages otherwise. */
export function requiredWithHint(hint: string): z.core.$ZodErrorMap {
  return (issue) => (issue.input === undefined ? `is required: ${hint}` : issueMessage(issue));
}
