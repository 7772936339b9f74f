import { Script, createContext } from 'node:vm';
import RE2 from 're2';
import { MongoCommandError } from '../errors.js';
import { checkTimeBudget, maxTimeExpired, remainingMs } from './time-budget.js';

/** Patterns re2 cannot run (backreferences, lookarounds) run in V8 inside a vm whose timeout is the command's remaining budget. */
const sandbox = createContext({});
const execInSandbox = new Script('pattern.exec(input)');

function budgetedExec(pattern: RegExp, input: string): RegExpExecArray | null {
  checkTimeBudget();
  const left = remainingMs();
  sandbox.pattern = pattern;
  sandbox.input = input;
  try {
    if (!Number.isFinite(left)) return execInSandbox.runInContext(sandbox) as RegExpExecArray | null;
    return execInSandbox.runInContext(sandbox, { timeout: Math.max(1, Math.ceil(left)) }) as RegExpExecArray | null;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw maxTimeExpired();
    throw error;
  } finally {
    sandbox.pattern = undefined;
    sandbox.input = undefined;
  }
}

/**
 * A RegExp whose matching cannot stall the server: `exec` (which `test` and mingo call) runs in re2, in
 * time linear in the input, or, for the patterns re2 refuses, in V8 under the command's time budget. It
 * stays a RegExp, so mingo's operators take it as one.
 */
export class GuardedRegExp extends RegExp {
  readonly #linear: RE2 | undefined;
  readonly #plain: RegExp;
  /** Results of the V8 fallback computed ahead on the regex worker (see regex-prepass.ts), by input. */
  readonly #known = new Map<string, RegExpExecArray | null>();

  constructor(source: string, flags: string) {
    super(source, flags);
    this.#plain = new RegExp(source, flags);
    let linear: RE2 | undefined;
    try {
      linear = new RE2(source, flags);
    } catch {
      linear = undefined;
    }
    this.#linear = linear;
  }

  /** Whether re2 runs this pattern (in linear time); otherwise V8 does, under the budget. */
  get linear(): boolean {
    return this.#linear !== undefined;
  }

  /** Keeps a result the regex worker computed, so the command's synchronous scan need not run V8 for it. */
  remember(input: string, found: RegExpExecArray | null): void {
    if (this.#known.size >= 100_000) this.#known.clear();
    this.#known.set(input, found);
  }

  override exec(input: string): RegExpExecArray | null {
    if (this.#linear) {
      this.#linear.lastIndex = this.lastIndex;
      const found = this.#linear.exec(input) as RegExpExecArray | null;
      this.lastIndex = this.#linear.lastIndex;
      return found;
    }
    if (!this.global && this.#known.has(input)) return this.#known.get(input) ?? null;
    this.#plain.lastIndex = this.lastIndex;
    const found = budgetedExec(this.#plain, input);
    this.lastIndex = this.#plain.lastIndex;
    return found;
  }
}

const MONGO_OPTIONS = /^[imsxu]*$/;

/** Strips whitespace and `#` comments outside character classes: MongoDB's `x` option, which JavaScript lacks. */
function extended(source: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i] as string;
    if (ch === '\\') {
      out += ch + (source[i + 1] ?? '');
      i += 1;
    } else if (inClass) {
      if (ch === ']') inClass = false;
      out += ch;
    } else if (ch === '[') {
      inClass = true;
      out += ch;
    } else if (ch === '#') {
      while (i < source.length && source[i] !== '\n') i += 1;
    } else if (!/\s/.test(ch)) {
      out += ch;
    }
  }
  return out;
}

const cache = new Map<string, GuardedRegExp>();

/**
 * The guarded form of a regular expression (pattern plus MongoDB options), cached by pattern. `global`
 * is for the aggregation operators that walk every match; a query's regex is never global.
 */
export function guardRegex(pattern: RegExp | string, options = '', global = false): GuardedRegExp {
  if (pattern instanceof GuardedRegExp && options === '' && !global) return pattern;
  const source = typeof pattern === 'string' ? pattern : pattern.source;
  const mongoFlags = [...new Set(`${typeof pattern === 'string' ? '' : pattern.flags}${options}`)].filter((f) => f !== 'g' && f !== 'y').join('');
  if (!MONGO_OPTIONS.test(mongoFlags)) throw new MongoCommandError(51108, 'Location51108', `invalid flag in regex options: ${mongoFlags}`);
  const flags = global ? `${mongoFlags}g` : mongoFlags;
  const key = `${flags}/${source}`;
  let guarded = cache.get(key);
  if (!guarded) {
    try {
      guarded = new GuardedRegExp(flags.includes('x') ? extended(source) : source, flags.replace('x', ''));
    } catch (error) {
      throw new MongoCommandError(51091, 'Location51091', `Regular expression is invalid: ${(error as Error).message}`);
    }
    if (cache.size > 1000) cache.clear();
    cache.set(key, guarded);
  }
  return guarded;
}
