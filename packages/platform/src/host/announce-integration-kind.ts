import type { MessageBroker } from '@lattice/broker';
import { integrationKindAnnounceIntervalMs, integrationsAnnounceKindQueue } from '@lattice/contracts';
import type { Logger } from 'pino';
import type { InboxIntegrationMeta } from '@lattice/plugin-sdk';

/**
 * Tells the inbox this plugin's integration kind now, then again every interval while the host runs: the
 * inbox offers only kinds announced lately, so a stopped, crashed or disabled plugin drops out of its list.
 * The host sends it, so an integration plugin cannot forget to. Resolves with the function that stops it.
 */
export async function announceIntegrationKind(
  client: MessageBroker,
  meta: InboxIntegrationMeta,
  logger: Logger,
  intervalMs = integrationKindAnnounceIntervalMs,
): Promise<() => void> {
  const announce = () =>
    client.sendMessage(integrationsAnnounceKindQueue.name, integrationsAnnounceKindQueue.payload.parse({ ...meta, announcedAt: new Date().toISOString() }));
  await announce();
  const timer = setInterval(() => {
    announce().catch((error: unknown) => logger.warn({ err: error }, 'could not announce the integration kind; trying again at the next interval'));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
