import type { MessageBroker } from '@lattice/broker';
import { integrationKindAnnounceIntervalMs, integrationsAnnounceKindQueue, sendReplyQueue } from '@lattice/contracts';
import type { Logger } from 'pino';
import type { InboxIntegrationMeta } from '@lattice/plugin-sdk';

/**
 * Tells the inbox this plugin's integration kind now, then again every interval while the host runs: the
 * inbox offers only kinds announced lately, so a stopped, crashed or disabled plugin drops out of its list.
 * The host sends it, so an integration plugin cannot forget to; with it whether the plugin can reply (it consumes
 * `<kind>:sendReply`: `consumesRPC`), so the inbox refuses a reply at once instead of waiting out an RPC nobody
 * answers. Resolves with the function that stops it.
 */
export async function announceIntegrationKind(
  client: MessageBroker,
  meta: InboxIntegrationMeta,
  logger: Logger,
  intervalMs = integrationKindAnnounceIntervalMs,
  consumesRPC: (queue: string) => boolean = () => true,
): Promise<() => void> {
  const announce = () =>
    client.sendMessage(
      integrationsAnnounceKindQueue.name,
      integrationsAnnounceKindQueue.payload.parse({
        kind: meta.kind,
        label: meta.label,
        reply: consumesRPC(sendReplyQueue(meta.kind).name),
        announcedAt: new Date().toISOString(),
      }),
    );
  await announce();
  const timer = setInterval(() => {
    announce().catch((error: unknown) => logger.warn({ err: error }, 'could not announce the integration kind; trying again at the next interval'));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
