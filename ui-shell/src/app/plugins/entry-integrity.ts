const algorithms: Record<string, string> = { sha256: 'SHA-256', sha384: 'SHA-384', sha512: 'SHA-512' };

/**
 * The subresource-integrity hash (`sha384-…`) of `bytes`, with the algorithm `entryHash` names, or
 * undefined where the page has no Web Crypto (plain http on another host): the script's own `integrity`
 * attribute still makes the browser check it there.
 */
export async function integrityOf(bytes: ArrayBuffer, entryHash: string): Promise<string | undefined> {
  const prefix = entryHash.split('-')[0] ?? '';
  const algorithm = algorithms[prefix];
  if (!algorithm) throw new Error(`entryHash "${entryHash}" is not a sha256, sha384 or sha512 hash`);
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return undefined;
  const digest = new Uint8Array(await subtle.digest(algorithm, bytes));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return `${prefix}-${btoa(binary)}`;
}

/** Why a remote's entry is refused: what its descriptor's `entryHash` expects, and what was served. */
export function entryHashMismatch(name: string, url: string, expected: string, served: string): Error {
  return new Error(`${name}: ${url} does not match the entryHash of its lattice-plugin.json (expected ${expected}, served ${served}); the shell did not run it`);
}
