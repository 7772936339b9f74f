import type { MessageBroker } from '@lattice/broker';
import type { PlatformPlugin } from '@lattice/platform';
import { startWidgetsService, type RunningWidgetsService } from '@lattice/widgets';
import type { PubSubEngine } from 'graphql-subscriptions';
import type { Logger } from 'pino';
import type { Configs } from '../config/configs-schema.js';

/** The widgets service serves the messenger plugin's visitors: it runs where that plugin is enabled. */
export function messengerEnabled(plugins: readonly PlatformPlugin[]): boolean {
  return plugins.some((plugin) => plugin.definition.name === 'messenger');
}

/**
 * Every plugin learns configs.json's `widgets.domain` as LATTICE_WIDGETS_URL (the messenger shows its embed snippet
 * with it); a plugin's own extra_env still wins.
 */
export function withWidgetsUrl(plugins: PlatformPlugin[], configs: Pick<Configs, 'widgets'>): PlatformPlugin[] {
  const domain = configs.widgets?.domain?.replace(/\/$/, '');
  if (!domain) return plugins;
  return plugins.map((plugin) => ({ ...plugin, extraEnv: { LATTICE_WIDGETS_URL: domain, ...plugin.extraEnv } }));
}

export interface WidgetsStartOptions {
  port: number;
  host?: string;
  broker: MessageBroker;
  pubsub: PubSubEngine;
  logger: Logger;
}

/** `npm start`'s widgets service (port 3200), on the platform's own broker and pub/sub. */
export function startWidgets(options: WidgetsStartOptions): Promise<RunningWidgetsService> {
  return startWidgetsService({ ...options, logger: options.logger.child({ component: 'widgets' }) });
}
