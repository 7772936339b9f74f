import { ConfigError } from './config-error.js';
import type { Configs } from './configs-schema.js';

/**
 * Settings that exist for development and tests only: in production each would turn a guard off, so a production
 * check refuses the file, naming the setting. IMAP_ALLOW_PRIVATE_HOSTS lets mail hosts resolve to loopback and
 * private addresses (the local Dovecot of the tests), which in production is a way into the machine's network.
 */
const developmentOnlyEnv = ['IMAP_ALLOW_PRIVATE_HOSTS'] as const;

export function refuseDevelopmentSettings(file: string, configs: Pick<Configs, 'plugins'>): void {
  for (const [index, plugin] of configs.plugins.entries()) {
    for (const name of developmentOnlyEnv) {
      if (plugin.extra_env?.[name] !== undefined) {
        throw new ConfigError(file, `plugins[${index}].extra_env.${name}`, `is for development and tests only and production refuses it: remove it from the ${plugin.name} plugin`);
      }
    }
  }
}
