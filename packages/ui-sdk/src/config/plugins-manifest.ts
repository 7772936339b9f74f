import type { InboxIntegration, UiPluginMenu } from './ui-plugin-config-schema.js';

/**
 * A plugin's entry script as the front-end server found it, so the browser loads it without reading it
 * first: where it is (for a manifest remote, the entry the manifest names), how it loads, the hash the
 * browser must find in it (the descriptor's `entryHash`) and a version that changes with every deploy.
 */
export interface PluginEntryFacts {
  url: string;
  /** `script`: a classic script setting a global (webpack, Rspack, Rsbuild); `module`: an ES module (Vite). */
  type: 'script' | 'module';
  /** The subresource-integrity hash the browser checks the script with. */
  integrity?: string;
  /** A hash of the entry's bytes: another value means the remote was redeployed. */
  version: string;
}

/** One enabled UI plugin as the shell sees it in `/plugins.json`. */
export interface PluginManifestEntry {
  name: string;
  scope: string;
  /** URL of the remote's `remoteEntry.js`, absolute or relative to the shell's origin (configs.json `ui_url`). */
  remoteEntry: string;
  /** What the front-end server found at `remoteEntry` (absent from the dev server's manifest: a classic script). */
  entry?: PluginEntryFacts;
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

/**
 * Which check a plugin failed: its descriptor (missing, not JSON, invalid), a shared `version` it needs and
 * the shell does not have, a `shared-module` it does not share as the shell does (a second React), its
 * entry's `integrity` (the bytes do not match its hash), the `network` (no answer, an error status, an
 * HTML page), `cors` (the browser may not read it from this origin), a `claim` on what is another
 * plugin's or the platform's (a path, an inbox kind, a scope), or a local `build` that cannot be read.
 */
export type RefusalCheck = 'descriptor' | 'version' | 'shared-module' | 'integrity' | 'network' | 'cors' | 'claim' | 'build';

/** A plugin the front-end server left out, which check it failed, and why (field named), for the shell to show. */
export interface RefusedPlugin {
  name: string;
  check: RefusalCheck;
  /** The field at fault, with URLs and hashes: given to owners and admins only. */
  reason?: string;
}

/** The body of `/plugins.json`. */
export interface PluginsManifest {
  plugins: PluginManifestEntry[];
  refused?: RefusedPlugin[];
  /** How long the shell waits for a remote's code before showing its panel (default 8000). */
  remoteLoadTimeoutMs?: number;
  /** How often an open tab asks for `/plugins.json` again to learn of redeployed plugins (default 60000). */
  updateCheckMs?: number;
  /**
   * `false`: asked without a valid session, so only what the login page needs (no plugins); the shell asks
   * again once signed in. Absent from a dev server's manifest (which is not gated).
   */
  signedIn?: boolean;
}
