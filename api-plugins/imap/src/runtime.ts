import type { MessageBroker } from '@lattice/broker';
import { PluginUnavailableError } from '@lattice/plugin-sdk';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { parseRfc822 } from './incoming/parse-rfc822.js';
import { receiveMessage } from './incoming/receive-message.js';
import { loadModels, type ImapModels } from './models/load-models.js';
import { MailSync } from './sync/mail-sync.js';

/** What outlives one plugin host: the queue consumers and the mailbox listeners. */
export interface ImapRuntime {
  models(): ImapModels;
  sync: MailSync;
}

const runtimes = new WeakMap<MessageBroker, ImapRuntime & { db: Connection }>();

/**
 * The broker cannot cancel a consumer, and a host stopped and started again in one process (embedded
 * mode, tests) would otherwise leave consumers and IDLE connections bound to a closed database. So both
 * live once per broker and always use the current host's connection; `fresh` says whether to set them up.
 */
export function bindRuntime(broker: MessageBroker, db: Connection, debug: Logger): { runtime: ImapRuntime; fresh: boolean } {
  const existing = runtimes.get(broker);
  if (existing) {
    existing.db = db;
    return { runtime: existing, fresh: false };
  }
  const runtime = {
    db,
    models: () => {
      if (runtime.db.readyState !== 1) throw new PluginUnavailableError('imap');
      return loadModels(runtime.db);
    },
    sync: new MailSync(async (inboxId, source) => {
      await receiveMessage(runtime.models(), broker, inboxId, await parseRfc822(source));
    }, debug),
  };
  runtimes.set(broker, runtime);
  return { runtime, fresh: true };
}

export function runtimeOf(broker: MessageBroker): ImapRuntime {
  const runtime = runtimes.get(broker);
  if (!runtime) throw new PluginUnavailableError('imap');
  return runtime;
}
