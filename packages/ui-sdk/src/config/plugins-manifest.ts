import type { InboxIntegration, UiPluginMenu } from './ui-plugin-config-schema.js';

/** One enabled UI plugin as the shell sees it in `/plugins.json`. */
export interface PluginManifestEntry {
  name: string;
  scope: string;
  /** URL of the remote's `remoteEntry.js`, absolute or relative to the shell's origin. */
  remoteEntry: string;
  routesModule: string;
  /** Scripts the routes module needs (entry first), so the shell can fetch them before React asks. */
  preload?: string[];
  menus: UiPluginMenu[];
  inboxIntegration?: InboxIntegration;
  inboxIntegrationSettings?: string;
  inboxIntegrationForm?: string;
  inboxConversationDetail?: string;
  /** The exposed module the home page renders in the plugin's card (its default export, no props). */
  dashboardWidget?: string;
}

/** A `ui: remote` plugin the front-end server left out, and why (field named), for the shell to show. */
export interface RefusedPlugin {
  name: string;
  reason: string;
}

/** The body of `/plugins.json`. */
export interface PluginsManifest {
  plugins: PluginManifestEntry[];
  refused?: RefusedPlugin[];
  /** How long the shell waits for a remote's code before showing its panel (default 8000). */
  remoteLoadTimeoutMs?: number;
}
