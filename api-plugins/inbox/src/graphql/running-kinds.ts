import { integrationKindAvailableForMs } from '@lattice/contracts';
import { InputError, PluginUnavailableError } from '@lattice/plugin-sdk';
import type { IntegrationKindModel } from '../models/integration-kind.js';

/** The oldest announcement that still counts: a plugin heard from since then runs now (see integrationKindAnnounceIntervalMs). */
function runningSince(): Date {
  return new Date(Date.now() - integrationKindAvailableForMs);
}

/** Kinds whose plugin announced itself lately, so it runs now. */
export function runningKindsFilter(): { announcedAt: { $gte: Date } } {
  return { announcedAt: { $gte: runningSince() } };
}

/**
 * Before an RPC to `<kind>:…`: a kind no plugin ever offered is bad input; one whose plugin is not running
 * (stopped, crashed, disabled) fails at once as PLUGIN_UNAVAILABLE instead of waiting out the RPC timeout.
 * `capability: 'reply'`: a kind whose plugin does not consume `<kind>:sendReply` is refused at once, saying why.
 */
export async function requireRunningKind(IntegrationKind: IntegrationKindModel, kind: string, capability?: 'reply'): Promise<void> {
  const known = await IntegrationKind.findOne({ kind }, { announcedAt: 1, reply: 1 }).lean();
  if (!known) throw new InputError(`No enabled integration plugin offers the kind "${kind}"`);
  if (capability === 'reply' && known.reply === false) {
    throw new InputError(
      `Replies cannot be sent through "${kind}" conversations: the ${kind} plugin has no reply capability (it does not consume "${kind}:sendReply"); answer on the channel itself`,
    );
  }
  if (known.announcedAt < runningSince()) throw new PluginUnavailableError(kind);
}
