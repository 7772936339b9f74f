import { pino } from 'pino';
import { startGateway, type Gateway } from '../index.js';
import { startContactsHost, startDocumentsHost } from './sample-plugins.js';
import type { TestPluginHost } from './test-plugin-host.js';

export interface SampleGateway {
  documents: TestPluginHost;
  contacts: TestPluginHost;
  gateway: Gateway;
}

/** The two sample plugin hosts and a gateway over them, on free ports; documents may start down. */
export async function startSampleGateway(options: { pollIntervalMs: number; documentsDown?: boolean }): Promise<SampleGateway> {
  const [documents, contacts] = await Promise.all([startDocumentsHost(), startContactsHost()]);
  if (options.documentsDown) await documents.stop();
  const gateway = await startGateway({
    port: 0,
    host: '127.0.0.1',
    logger: pino({ level: 'silent' }),
    pollIntervalMs: options.pollIntervalMs,
    subgraphs: [
      { name: 'documents', url: documents.url },
      { name: 'contacts', url: contacts.url },
    ],
  });
  return { documents, contacts, gateway };
}

export async function stopSampleGateway({ documents, contacts, gateway }: Partial<SampleGateway>): Promise<void> {
  await gateway?.stop();
  await Promise.all([documents?.dispose(), contacts?.dispose()]);
}
