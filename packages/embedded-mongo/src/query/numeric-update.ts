import { Decimal128, Double } from 'bson';
import { MongoCommandError } from '../errors.js';
import { looksLikeInt32 } from '../wire/bson-codec.js';
import { formatValue } from './format-value.js';

/**
 * `$inc` and `$mul` with MongoDB's type rules: the result takes the wider type of the two operands
 * (int < long < double < decimal), an int32 result that overflows becomes a long, and a missing
 * field becomes the operand (`$inc`) or a zero of the operand's type (`$mul`).
 */
export type NumericKind = 'int' | 'long' | 'double' | 'decimal';

export function numericKind(value: unknown): NumericKind | undefined {
  if (typeof value === 'number') return looksLikeInt32(value) && !Object.is(value, -0) ? 'int' : 'double';
  if (typeof value === 'bigint') return 'long';
  if (value instanceof Double) return 'double';
  if (value instanceof Decimal128) return 'decimal';
  return undefined;
}

const WIDTH: Record<NumericKind, number> = { int: 0, long: 1, double: 2, decimal: 3 };

/** A JavaScript number as the double it is: wrapped when plain it would be written as an int32. */
export function asDouble(value: number): number | Double {
  return looksLikeInt32(value) ? new Double(value) : value;
}

type Op = '$inc' | '$mul';

function numberOf(value: unknown): number {
  if (value instanceof Double) return value.value;
  if (value instanceof Decimal128) return Number(value.toString());
  return Number(value);
}

/** An exact decimal: coefficient × 10^exponent (NaN and infinities are left to doubles). */
function parseDecimal(value: unknown): { coefficient: bigint; exponent: number } | undefined {
  const text = value instanceof Decimal128 ? value.toString() : typeof value === 'bigint' ? value.toString() : String(numberOf(value));
  const match = /^([+-]?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!match) return undefined;
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  const digits = BigInt(`${whole}${fraction}`);
  return { coefficient: sign === '-' ? -digits : digits, exponent: Number(exponent) - fraction.length };
}

function decimalArithmetic(op: Op, a: unknown, b: unknown): Decimal128 {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (!x || !y) return Decimal128.fromString(String(op === '$inc' ? numberOf(a) + numberOf(b) : numberOf(a) * numberOf(b)));
  let coefficient: bigint;
  let exponent: number;
  if (op === '$mul') {
    coefficient = x.coefficient * y.coefficient;
    exponent = x.exponent + y.exponent;
  } else {
    exponent = Math.min(x.exponent, y.exponent);
    coefficient = x.coefficient * 10n ** BigInt(x.exponent - exponent) + y.coefficient * 10n ** BigInt(y.exponent - exponent);
  }
  return Decimal128.fromStringWithRounding(`${coefficient}E${exponent}`);
}

function zeroOf(kind: NumericKind): unknown {
  switch (kind) {
    case 'int':
      return 0;
    case 'long':
      return 0n;
    case 'double':
      return new Double(0);
    case 'decimal':
      return Decimal128.fromString('0');
  }
}

/** The new value of a field under `$inc`/`$mul`; `current` is undefined when the field is missing. */
export function numericUpdate(op: Op, path: string, current: unknown, operand: unknown): unknown {
  const operandKind = numericKind(operand);
  if (!operandKind) {
    const verb = op === '$inc' ? 'increment' : 'multiply';
    throw new MongoCommandError(14, 'TypeMismatch', `Cannot ${verb} with non-numeric argument: {${path}: ${formatValue(operand)}}`);
  }
  if (current === undefined) return op === '$inc' ? operand : zeroOf(operandKind);
  const currentKind = numericKind(current) as NumericKind;
  const kind = WIDTH[currentKind] >= WIDTH[operandKind] ? currentKind : operandKind;
  switch (kind) {
    case 'decimal':
      return decimalArithmetic(op, current, operand);
    case 'double':
      return asDouble(op === '$inc' ? numberOf(current) + numberOf(operand) : numberOf(current) * numberOf(operand));
    case 'long': {
      const a = BigInt(current as number | bigint);
      const b = BigInt(operand as number | bigint);
      return op === '$inc' ? a + b : a * b;
    }
    case 'int': {
      const result = op === '$inc' ? (current as number) + (operand as number) : (current as number) * (operand as number);
      // 0 * -1 is -0 in JavaScript, which bson would write as a double.
      if (looksLikeInt32(result)) return result === 0 ? 0 : result;
      // An int32 overflow becomes a long, computed exactly.
      return op === '$inc' ? BigInt(current as number) + BigInt(operand as number) : BigInt(current as number) * BigInt(operand as number);
    }
  }
}
