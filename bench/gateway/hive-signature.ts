import { createHash, createHmac, hkdfSync } from 'node:crypto';

/**
 * The gateway's subgraph signature (gateway/src/subgraphs/subgraph-signature.ts), made here so that the Hive
 * Gateway process does not load our gateway's code and its memory is Hive's own. The plugin hosts check it:
 * a request signed wrongly gets 403 and the bench stops.
 */
export function createHiveSigner(platformSecret: string): (body: string) => Record<string, string> {
  const key = Buffer.from(hkdfSync('sha256', platformSecret, 'lattice', 'lattice subgraph requests v1', 32));
  return (body) => {
    const time = String(Date.now());
    const hash = createHash('sha256').update(body).digest('base64url');
    const mac = createHmac('sha256', key).update(`v1\nPOST\n/graphql\n${time}\n${hash}`).digest('base64url');
    return { 'x-lattice-gateway-signature': `v1.${time}.${hash}.${mac}` };
  };
}
