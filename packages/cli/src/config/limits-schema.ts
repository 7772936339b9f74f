import { GRAPHQL_LIMITS, type GraphqlLimits } from '@lattice/contracts';
import { z } from 'zod';

const MIB = 1024 * 1024;

/** One limit: a positive whole number up to `max`, the point past which it stops protecting anything. */
function limit(key: keyof GraphqlLimits, max: number, what: string) {
  return z
    .number()
    .int('must be a whole number')
    .positive('must be more than 0')
    .max(max, `must be at most ${max}`)
    .optional()
    .describe(`${what} (default ${GRAPHQL_LIMITS[key]}, at most ${max})`);
}

/**
 * configs.json `limits`: any of the GraphQL door limits (GraphqlLimits), each laid over its GRAPHQL_LIMITS default.
 * The gateway and every plugin host apply the result. A key that is not a limit is refused, never ignored.
 */
export const limitsSchema = z.strictObject({
  maxDepth: limit('maxDepth', 64, 'Deepest nesting of fields in one operation'),
  maxFields: limit('maxFields', 100_000, 'Most fields one operation may select, fragments spread'),
  maxAliases: limit('maxAliases', 10_000, 'Most aliases in one operation'),
  maxCost: limit('maxCost', 10_000_000, 'Most cost of one operation, each list counted at listSize items'),
  listSize: limit('listSize', 10_000, 'The items a list is counted at when pricing an operation'),
  maxBodyBytes: limit('maxBodyBytes', 50 * MIB, 'Largest request body (and websocket message), in bytes'),
  maxTokens: limit('maxTokens', 1_000_000, 'Most tokens in one query text'),
  maxNesting: limit('maxNesting', 256, 'Deepest nesting of braces and brackets in one query text'),
  deadlineMs: limit('deadlineMs', 120_000, 'Execution deadline of one request in a plugin host, in milliseconds'),
  maxResponseBytes: limit('maxResponseBytes', 256 * MIB, 'Largest response body, in bytes'),
  maxRealCost: limit('maxRealCost', 10_000_000, 'Most cost with the lists a plugin can size counted at their real size'),
  maxListItems: limit('maxListItems', 1_000_000, "Most list items one request's answer may hold"),
} satisfies Record<keyof GraphqlLimits, z.ZodType>);

export type LimitsConfig = z.infer<typeof limitsSchema>;
