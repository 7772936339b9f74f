import type { Logger } from 'pino';
import type { IntegrationRecord } from '../models/records.js';
import type { ImapRuntime } from '../runtime.js';
import { mailboxSettings } from '../sync/mail-sync.js';

/** At start-up, listens again to every mailbox an integration holds; one that fails is logged, not fatal. */
export async function resumeMailSync(runtime: ImapRuntime, debug: Logger): Promise<void> {
  const integrations = await runtime.models().Integration.find({ host: { $exists: true } }).lean<IntegrationRecord[]>();
  await Promise.all(
    integrations.map(async (integration) => {
      try {
        const settings = mailboxSettings(integration);
        if (settings) await runtime.sync.start(integration.inboxId, settings);
      } catch (error) {
        debug.warn({ err: error, integrationId: integration.inboxId }, 'imap: could not resume syncing');
      }
    }),
  );
}
