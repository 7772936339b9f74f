import { integrationKindAvailableForMs } from '@lattice/contracts';
import { InputError, PluginUnavailableError } from '@lattice/plugin-sdk';
import type { IntegrationKindModel } from '../models/integration-kind.js';

/** Kinds whose plugin announced itself lately, so it runs now (see integrationKindAnnounceIntervalMs). */
export function runningKindsFilter(): { announcedAt: { $gte: Date } } {
  return { announcedAt: { $gte: new Date(Date.now() - integrationKindAvailableForMs) } };
}

/**
 * Before an RPC to `<kind>:…`: a kind no plugin ever offered is bad input; one whose plugin is not running
 * (stopped, crashed, disabled) fails at once as PLUGIN_UNAVAILABLE instead of waiting out the RPC timeout.
 */
export async function requireRunningKind(IntegrationKind: IntegrationKindModel, kind: string): Promise<void> {
  const known = await IntegrationKind.findOne({ kind }, { announcedAt: 1 }).lean();
  if (!known) throw new InputError(`No enabled integration plugin offers the kind "${kind}"`);
  if (known.announcedAt < runningKindsFilter().announcedAt.$gte) throw new PluginUnavailableError(kind);
}
