import type { PluginsManifest } from '@lattice/ui-sdk';
import { seesRefusalDetails, type Session } from './session-check.js';

/**
 * What one request may read of `/plugins.json`. Without a session: only what the login page needs (no
 * plugin, no refusal, `signedIn: false`, so the shell asks again once signed in). Signed in: every plugin;
 * of the refused ones their name and the check that failed, and the reason (URLs, hashes) for owners and
 * admins only.
 */
export function manifestForSession(manifest: PluginsManifest, session: Session | undefined): PluginsManifest {
  const { plugins, refused, ...settings } = manifest;
  if (!session) return { plugins: [], ...settings, signedIn: false };
  const details = seesRefusalDetails(session);
  const shown = refused?.map((plugin) => (details ? plugin : { name: plugin.name, check: plugin.check }));
  return { plugins, ...(shown ? { refused: shown } : {}), ...settings, signedIn: true };
}
