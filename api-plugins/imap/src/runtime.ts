import type { MessageBroker } from '@lattice/broker';
import { PluginUnavailableError } from '@lattice/plugin-sdk';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { IntegrationCache } from './http/integration-cache.js';
import { parseRfc822 } from './incoming/parse-rfc822.js';
import { IncomingStore } from './incoming/incoming-store.js';
import { receiveMessage } from './incoming/receive-message.js';
import { loadModels, type ImapModels } from './models/load-models.js';
import { MailSync } from './sync/mail-sync.js';

/** What one imap plugin host runs beside GraphQL: its models and the mailbox listeners. */
export interface ImapRuntime {
  models(): ImapModels;
  /** The incoming-message flow's batched lookups and inserts. */
  incoming(): IncomingStore;
  sync: MailSync;
  integrations: IntegrationCache;
}

const runtimes = new WeakMap<Connection, ImapRuntime>();

/**
 * The host's runtime, found again by resolvers through the connection in their context. The host has no
 * stop hook, so the listeners end themselves once the host's connection is closed (MailSync's liveness check).
 */
export function createRuntime(broker: MessageBroker, db: Connection, debug: Logger): ImapRuntime {
  const alive = () => db.readyState === 1;
  const incoming = new IncomingStore(loadModels(db));
  const runtime: ImapRuntime = {
    models: () => {
      if (!alive()) throw new PluginUnavailableError('imap');
      return loadModels(db);
    },
    incoming: () => {
      if (!alive()) throw new PluginUnavailableError('imap');
      return incoming;
    },
    integrations: new IntegrationCache(() => runtime.models()),
    sync: new MailSync(
      async (inboxId, source) => {
        await receiveMessage(runtime.incoming(), broker, inboxId, await parseRfc822(source));
      },
      alive,
      debug,
    ),
  };
  runtimes.set(db, runtime);
  return runtime;
}

export function runtimeOf(db: Connection): ImapRuntime {
  const runtime = runtimes.get(db);
  if (!runtime) throw new PluginUnavailableError('imap');
  return runtime;
}
