import { createHash } from 'node:crypto';

const algorithms = new Set(['sha256', 'sha384', 'sha512']);

/**
 * The subresource-integrity hash (`sha384-…`) of `bytes`, with the algorithm `entryHash` names: what a
 * script's `integrity` attribute makes the browser compare.
 */
export function integrityOf(bytes: Uint8Array, entryHash: string): string {
  const algorithm = entryHash.split('-')[0] ?? '';
  if (!algorithms.has(algorithm)) throw new Error(`entryHash "${entryHash}" is not a sha256, sha384 or sha512 hash`);
  return `${algorithm}-${createHash(algorithm).update(bytes).digest('base64')}`;
}

/**
 * What a tab compares to learn that a remote was redeployed: a hash of the entry's bytes, which change
 * whenever any of its chunks does (the entry names them by content hash).
 */
export function entryVersionOf(bytes: Uint8Array): string {
  return `sha256-${createHash('sha256').update(bytes).digest('base64')}`;
}

/** Why a remote's entry is refused: what its descriptor's `entryHash` expects, and what was served. */
export function entryHashMismatch(url: string, expected: string, served: string): string {
  return `lattice-plugin.json entryHash: ${url} does not match it (expected ${expected}, served ${served}); the shell does not run it`;
}
