import { pino } from 'pino';
import { startGateway, type Gateway, type GatewayOptions } from '../index.js';
import { startContactsHost, startDocumentsHost } from './sample-plugins.js';
import type { TestPluginHost } from './test-plugin-host.js';

export interface SampleGateway {
  documents: TestPluginHost;
  contacts: TestPluginHost;
  gateway: Gateway;
}

/** A gateway for tests: free port on loopback, silent, and polling only when a test says so. */
export function startTestGateway(options: Partial<GatewayOptions> & Pick<GatewayOptions, 'subgraphs'>): Promise<Gateway> {
  return startGateway({ port: 0, host: '127.0.0.1', logger: pino({ level: 'silent' }), pollIntervalMs: 60_000, ...options });
}

/** The two sample plugin hosts and a gateway over them, on free ports; documents may start down. */
export async function startSampleGateway(options: { pollIntervalMs: number; documentsDown?: boolean }): Promise<SampleGateway> {
  const [documents, contacts] = await Promise.all([startDocumentsHost(), startContactsHost()]);
  if (options.documentsDown) await documents.stop();
  const gateway = await startTestGateway({
    pollIntervalMs: options.pollIntervalMs,
    subgraphs: [
      { name: 'documents', urls: [documents.url] },
      { name: 'contacts', urls: [contacts.url] },
    ],
  });
  return { documents, contacts, gateway };
}

export async function stopSampleGateway({ documents, contacts, gateway }: Partial<SampleGateway>): Promise<void> {
  await gateway?.stop();
  await Promise.all([documents?.dispose(), contacts?.dispose()]);
}
