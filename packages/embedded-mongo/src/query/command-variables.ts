import type { Document } from 'bson';
import { evalExpr } from 'mingo/core';
import type { AnyObject, Options } from 'mingo/types';
import { toCommandError } from './mingo-errors.js';
import { mingoOptions } from './mingo-context.js';
import { rewriteExpression } from './field-path-expressions.js';

/**
 * A command's `let` variables are expressions, evaluated once before the command runs (so
 * `{foo: {$literal: 'bar'}}` binds the string 'bar', and a later variable may use an earlier one).
 */
export function evaluateCommandVariables(variables: Document): Document {
  const bound: Document = {};
  for (const [name, expression] of Object.entries(variables)) {
    try {
      bound[name] = evalExpr({}, rewriteExpression(expression), mingoOptions({ variables: { ...bound } as AnyObject }) as Options);
    } catch (error) {
      throw toCommandError(error);
    }
  }
  return bound;
}
