import { Binary } from 'bson';
import * as queryOperators from 'mingo/operators/query';
import type { Any, AnyObject, Options } from 'mingo/types';
import { pathValues } from './path-values.js';

/**
 * The bitwise query operators over binData, which mingo does not read (it knows numbers only): bit 0
 * is the lowest bit of the first byte, as MongoDB counts them. Numbers still go to mingo.
 */
type BitTest = 'allSet' | 'allClear' | 'anySet' | 'anyClear';
type QueryPredicate = (obj: AnyObject) => boolean;

function maskPositions(mask: unknown): number[] {
  if (Array.isArray(mask)) return mask.map(Number);
  if (mask instanceof Binary) return bitsOf(mask);
  const out: number[] = [];
  let value = BigInt(Math.trunc(Number(mask)));
  for (let bit = 0; value > 0n && bit < 64; bit++, value >>= 1n) if (value & 1n) out.push(bit);
  return out;
}

function bitsOf(binary: Binary): number[] {
  const bytes = binary.buffer.subarray(0, binary.position);
  const out: number[] = [];
  bytes.forEach((byte, index) => {
    for (let bit = 0; bit < 8; bit++) if (byte & (1 << bit)) out.push(index * 8 + bit);
  });
  return out;
}

function isSet(binary: Binary, position: number): boolean {
  const bytes = binary.buffer.subarray(0, binary.position);
  const byte = bytes[Math.floor(position / 8)];
  return byte !== undefined && (byte & (1 << position % 8)) !== 0;
}

function bitwise(kind: BitTest, mingoOperator: (selector: string, value: Any, options: Options) => unknown) {
  return (selector: string, value: Any, options: Options): QueryPredicate => {
    const onNumbers = mingoOperator(selector, value, options) as QueryPredicate;
    const positions = maskPositions(value);
    const onBinary = (binary: Binary): boolean => {
      if (kind === 'allSet') return positions.every((p) => isSet(binary, p));
      if (kind === 'allClear') return positions.every((p) => !isSet(binary, p));
      if (kind === 'anySet') return positions.some((p) => isSet(binary, p));
      return positions.some((p) => !isSet(binary, p));
    };
    return (obj) => {
      const binaries = pathValues(obj, selector).filter((v): v is Binary => v instanceof Binary);
      return binaries.length > 0 ? binaries.some(onBinary) : onNumbers(obj);
    };
  };
}

export const BITWISE_OPERATORS = {
  $bitsAllSet: bitwise('allSet', queryOperators.$bitsAllSet),
  $bitsAllClear: bitwise('allClear', queryOperators.$bitsAllClear),
  $bitsAnySet: bitwise('anySet', queryOperators.$bitsAnySet),
  $bitsAnyClear: bitwise('anyClear', queryOperators.$bitsAnyClear),
};
