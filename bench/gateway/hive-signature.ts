import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The gateway's subgraph signature (packages/contracts/src/subgraph-door/subgraph-signature.ts, v2: the plugin,
 * method, path and query, time, a nonce used once, the body's hash), made here so that the Hive Gateway process
 * does not load our code and its memory is Hive's own. The plugin hosts check it: a request signed wrongly gets
 * 403 and the bench stops.
 */
export function createHiveSigner(platformSecret: string): (plugin: string, target: string, body: string) => Record<string, string> {
  const key = Buffer.from(hkdfSync('sha256', platformSecret, 'lattice', 'lattice subgraph requests v1', 32));
  return (plugin, target, body) => {
    const time = String(Date.now());
    const nonce = randomBytes(16).toString('base64url');
    const hash = createHash('sha256').update(body).digest('base64url');
    const mac = createHmac('sha256', key).update(['v2', plugin, 'POST', target, time, nonce, hash].join('\n')).digest('base64url');
    return { 'x-lattice-gateway-signature': `v2.${time}.${nonce}.${hash}.${mac}` };
  };
}
