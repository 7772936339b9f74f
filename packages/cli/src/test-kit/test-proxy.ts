import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { configsSchema } from '../config/configs-schema.js';
import { freePort } from './role-process.js';
import { renderNginxConfig } from '../generate/nginx-config.js';
import { startNginx } from './nginx-process.js';
import { makeCertificate, toLoopback } from './test-tls.js';
import type { ProxiedService } from '../generate/transport-routes.js';

export const testDomain = 'lattice.test';

export interface TestProxy {
  /** `https://lattice.test:<port>`: reach it with `dispatcher` (trusts the test certificate, resolves to 127.0.0.1). */
  origin: string;
  httpPort: number;
  httpsPort: number;
  pem: string;
  dispatcher: Agent;
  stop(): Promise<void>;
}

/** nginx on 127.0.0.1 with the site `lattice generate nginx` writes for https://lattice.test, in front of `upstreams`. */
export async function startTestProxy(upstreams: Partial<Record<ProxiedService, string>>): Promise<TestProxy> {
  const dir = await mkdtemp(join(tmpdir(), 'lattice-nginx-'));
  try {
    const tls = await makeCertificate(dir, [testDomain, `widgets.${testDomain}`]);
    const [httpsPort, httpPort] = [await freePort(), await freePort()];
    const configs = configsSchema.parse({
      jwt_token_secret: 'not used by the proxy',
      domain: `https://${testDomain}`,
      plugins: [],
    });
    const site = await renderNginxConfig(configs, {
      file: 'configs.json',
      upstreams,
      certificate: tls.certificate,
      certificateKey: tls.certificateKey,
      httpsListen: { address: '127.0.0.1', port: httpsPort! },
      httpListen: { address: '127.0.0.1', port: httpPort! },
    });
    const nginx = await startNginx(dir, site, httpsPort!);
    const dispatcher = new Agent({ connect: { ca: tls.pem, lookup: toLoopback } });
    return {
      origin: `https://${testDomain}:${httpsPort}`,
      httpPort: httpPort!,
      httpsPort: httpsPort!,
      pem: tls.pem,
      dispatcher,
      stop: async () => {
        await dispatcher.destroy();
        await nginx.stop();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
