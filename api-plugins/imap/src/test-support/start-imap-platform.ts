import type { MessageBroker } from '@lattice/broker';
import { loadPluginPackage } from '@lattice/platform';
import { connectTestBroker, startTestPlatform, type TestPlatform } from '@lattice/platform/test-kit';
import { imapPlugin } from '../plugin.js';
import { withPluginEnv } from './with-plugin-env.js';

export interface ImapTestPlatform {
  platform: TestPlatform;
  broker: MessageBroker;
  stop(): Promise<void>;
}

/**
 * contacts, inbox and imap behind the gateway on RabbitMQ (or, off CI without it, the in-process broker);
 * `imapEnv` stands for the imap plugin's configs.json `extra_env`.
 */
export async function startImapPlatform(connectionName: string, imapEnv: Readonly<Record<string, string>> = {}): Promise<ImapTestPlatform> {
  const { broker } = await connectTestBroker(connectionName);
  // The other plugins are found by name at run time, as the platform finds them: no plugin imports another.
  const [contacts, inbox] = await Promise.all([loadPluginPackage('contacts'), loadPluginPackage('inbox')]);
  const platform = await startTestPlatform({ plugins: [contacts, inbox, withPluginEnv(imapPlugin, imapEnv)], broker, healthPollIntervalMs: 100 });
  return {
    platform,
    broker,
    stop: async () => {
      await platform.stop();
      await broker.close();
    },
  };
}
