import type { MessageBroker } from '@lattice/broker';
import { PluginUnavailableError, type ActivityLog } from '@lattice/plugin-sdk';
import type { PubSubEngine } from 'graphql-subscriptions';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { ImapConfig } from './config/imap-config.js';
import { IntegrationCache } from './http/integration-cache.js';
import { parseRfc822 } from './incoming/parse-rfc822.js';
import { fileUnfiledMessages, startUnfiledSweep } from './incoming/file-unfiled-messages.js';
import { IncomingStore } from './incoming/incoming-store.js';
import { announceStoredOn, type AnnounceStored } from './incoming/message-stored-channel.js';
import { receiveMessage } from './incoming/receive-message.js';
import { loadModels, type ImapModels } from './models/load-models.js';
import { SmtpTransports } from './outgoing/smtp-transports.js';
import { MailSync } from './sync/mail-sync.js';

/** What one imap plugin host runs beside GraphQL: its models and the mailbox listeners. */
export interface ImapRuntime {
  /** The plugin's settings from configs.json. */
  config: ImapConfig;
  models(): ImapModels;
  /** The incoming-message flow's batched lookups and inserts. */
  incoming(): IncomingStore;
  /** Publishes `imapMessageStored` for a message the incoming flow stored. */
  announceStored: AnnounceStored;
  sync: MailSync;
  integrations: IntegrationCache;
  /** The SMTP transports replies leave by. */
  transports: SmtpTransports;
  /** The platform's activity log, for the entries the plugin writes itself (SPEC.md: syncing started). */
  activityLog: ActivityLog;
  /** Starts filing, now and every minute, the stored messages whose delivery stopped before the inbox filed them. */
  startFilingSweep(): void;
  /** Closes the mailbox listeners, the SMTP transports and the filing sweep (the host's stop hook). */
  stop(): Promise<void>;
}

/**
 * One host's runtime: `onServerInit` hands it to the host, which merges it into every resolver's context and
 * calls its `stop` when the host stops.
 */
export function createRuntime(
  broker: MessageBroker,
  pubsub: PubSubEngine,
  db: Connection,
  debug: Logger,
  config: ImapConfig,
  activityLog: ActivityLog = { record: () => undefined },
): ImapRuntime {
  const alive = () => db.readyState === 1;
  const incoming = new IncomingStore(loadModels(db));
  let sweep: { stop: () => void } | undefined;
  const runtime: ImapRuntime = {
    config,
    activityLog,
    announceStored: announceStoredOn(pubsub, debug),
    models: () => {
      if (!alive()) throw new PluginUnavailableError('imap');
      return loadModels(db);
    },
    incoming: () => {
      if (!alive()) throw new PluginUnavailableError('imap');
      return incoming;
    },
    integrations: new IntegrationCache(() => runtime.models()),
    transports: new SmtpTransports(config.allowPrivateHosts),
    startFilingSweep: () => {
      sweep ??= startUnfiledSweep((before) => fileUnfiledMessages(runtime.incoming(), broker, runtime.announceStored, before), debug);
    },
    stop: async () => {
      sweep?.stop();
      await runtime.sync.stopAll();
      runtime.transports.closeAll();
    },
    sync: new MailSync(
      async (inboxId, source) => {
        await receiveMessage(runtime.incoming(), broker, inboxId, await parseRfc822(source), runtime.announceStored);
      },
      debug,
      config.allowPrivateHosts,
    ),
  };
  return runtime;
}

/** The runtime the host merged into a request's context from `onServerInit`; none means the host is not serving. */
export function contextRuntime(context: Readonly<Record<string, unknown>>): ImapRuntime {
  const runtime = context.runtime as Partial<ImapRuntime> | undefined;
  if (typeof runtime?.models !== 'function') throw new PluginUnavailableError('imap');
  return runtime as ImapRuntime;
}
