import { GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import { GraphQLJSON } from 'graphql-scalars';
import { isoDateString } from './iso-date-string.js';

function parseDate(value: unknown): Date {
  const date =
    value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime()) || (typeof value === 'string' && !isCalendarDate(value))) {
    throw new TypeError(`Date cannot represent "${String(value)}": expected an ISO 8601 date or milliseconds since 1970`);
  }
  return date;
}

/** JavaScript rolls 2026-02-31 over to 3 March; a day past its month's end is refused instead. */
function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!match) return true;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth;
}

/** SPEC.md's `Date`: an ISO 8601 timestamp on the wire, a JS Date inside. */
export const DateScalar = new GraphQLScalarType<Date, string>({
  name: 'Date',
  description: 'A point in time: an ISO 8601 string (milliseconds since 1970 are accepted as input).',
  serialize: (value) => isoDateString(parseDate(value)),
  parseValue: (value) => parseDate(value),
  parseLiteral: (ast: ValueNode) => {
    if (ast.kind === Kind.STRING) return parseDate(ast.value);
    if (ast.kind === Kind.INT) return parseDate(Number(ast.value));
    throw new TypeError('Date must be given as a string or an integer');
  },
});

export const JSONScalar = new GraphQLScalarType({ ...GraphQLJSON.toConfig(), name: 'JSON' });

export const scalarTypeDefs = /* GraphQL */ `
  scalar Date
  scalar JSON
`;

export const scalarResolvers = { Date: DateScalar, JSON: JSONScalar };
