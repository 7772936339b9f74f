import { evalExpr } from 'mingo/core';
import type { Any, AnyObject, Options } from 'mingo/types';
import { MongoCommandError } from '../errors.js';
import { isPlainObject } from './path-values.js';
import { type GuardedRegExp, guardRegex } from './regex-guard.js';

/**
 * `$regexMatch`, `$regexFind` and `$regexFindAll` with the same guard as query regexes (mingo builds
 * plain RegExps for them), and with `idx` in code points, as MongoDB counts.
 */

export interface RegexMatch {
  match: string;
  idx: number;
  captures: Array<string | null>;
}

function parseArguments(name: string, obj: AnyObject, expr: Any, options: Options): { input: string | null; pattern: GuardedRegExp } {
  if (!isPlainObject(expr)) throw new MongoCommandError(51103, 'Location51103', `${name} expects an object of named arguments but found: ${typeof expr}`);
  const args = evalExpr(obj, expr, options) as { input?: unknown; regex?: unknown; options?: unknown };
  const { input, regex } = args;
  if (input !== null && input !== undefined && typeof input !== 'string') throw new MongoCommandError(51104, 'Location51104', `${name} needs 'input' to be of type string`);
  if (typeof regex !== 'string' && !(regex instanceof RegExp)) throw new MongoCommandError(51105, 'Location51105', `${name} needs 'regex' to be of type string or regex`);
  const flags = args.options === undefined || args.options === null ? '' : String(args.options);
  return { input: typeof input === 'string' ? input : null, pattern: guardRegex(regex, flags, true) };
}

/** The first match at or after `from` (a global pattern, so anchors keep their meaning), with its UTF-16 `start` beside MongoDB's fields. */
function matchAt(input: string, from: number, pattern: GuardedRegExp): (RegexMatch & { start: number }) | null {
  pattern.lastIndex = from;
  const found = pattern.exec(input);
  if (!found) return null;
  const start = found.index;
  return { match: found[0], idx: Array.from(input.slice(0, start)).length, captures: found.slice(1).map((c) => c ?? null), start };
}

export const $regexMatch = (obj: AnyObject, expr: Any, options: Options): boolean => {
  const { input, pattern } = parseArguments('$regexMatch', obj, expr, options);
  return input !== null && matchAt(input, 0, pattern) !== null;
};

export const $regexFind = (obj: AnyObject, expr: Any, options: Options): RegexMatch | null => {
  const { input, pattern } = parseArguments('$regexFind', obj, expr, options);
  const found = input === null ? null : matchAt(input, 0, pattern);
  if (!found) return null;
  const { start: _start, ...match } = found;
  return match;
};

export const $regexFindAll = (obj: AnyObject, expr: Any, options: Options): RegexMatch[] => {
  const { input, pattern } = parseArguments('$regexFindAll', obj, expr, options);
  if (input === null) return [];
  const out: Array<RegexMatch & { start: number }> = [];
  let from = 0;
  while (from <= input.length) {
    const found = matchAt(input, from, pattern);
    if (!found) break;
    out.push(found);
    from = found.start + Math.max(1, found.match.length);
  }
  return out.map(({ start: _start, ...match }) => match);
};
