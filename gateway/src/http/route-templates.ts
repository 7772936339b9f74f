import type { IncomingMessage } from 'node:http';
import { PLUGIN_PATH } from './plugin-proxy.js';

/**
 * The gateway's route templates for its metrics: a plugin's name is kept only when that plugin is known, so
 * names a client makes up never become label values.
 */
export function gatewayRouteOf(knows: (plugin: string) => boolean) {
  return (req: IncomingMessage): string | undefined => {
    const url = req.url ?? '/';
    const path = url.split('?', 1)[0] ?? '/';
    if (path === '/graphql' || path === '/graphql/') return '/graphql';
    if (['/health', '/health/live', '/health/ready'].includes(path)) return path;
    const plugin = PLUGIN_PATH.exec(url)?.[1];
    if (plugin !== undefined) return knows(plugin) ? `/pl:${plugin}/*` : '/pl:{unknown}/*';
    return undefined;
  };
}

/** The integrations port's: `/<integration>/*` for a configured integration. */
export function integrationsRouteOf(integrations: ReadonlySet<string>) {
  return (req: IncomingMessage): string | undefined => {
    const name = /^\/([^/?#]+)/.exec(req.url ?? '/')?.[1];
    return name !== undefined && integrations.has(name) ? `/${name}/*` : undefined;
  };
}
