import type { Translate } from '@lattice/ui-sdk';
import type { shellCatalogue } from '../i18n/shell-catalogue.js';

type ShellMessageId = NonNullable<(typeof shellCatalogue)['ids']>;

// The shell's own reasons a remote did not load: each keeps its English message for the console, and names
// its facts so that a panel can say it in the user's language (remoteLoadErrorText).

/** A remote that did not finish loading within the shell's time-out (`remoteLoadTimeoutMs`). */
export class RemoteLoadTimedOut extends Error {
  override readonly name = 'RemoteLoadTimedOut';
  constructor(
    readonly plugin: string,
    readonly seconds: number,
  ) {
    super(`${plugin} did not load within ${seconds} s`);
  }
}

/** A remote whose exposed module has no default-exported component. */
export class RemoteComponentMissing extends Error {
  override readonly name = 'RemoteComponentMissing';
  constructor(
    readonly plugin: string,
    readonly exposed: string,
  ) {
    super(`${plugin} does not export a component from ${exposed}`);
  }
}

/** An ES-module entry the browser would not run: its bytes do not match the descriptor's hash, or it did not load. */
export class RemoteEntryRefused extends Error {
  override readonly name = 'RemoteEntryRefused';
  constructor(
    readonly url: string,
    readonly integrity: string,
  ) {
    super(`the browser refused ${url}: it does not match its entryHash ${integrity}, or could not be loaded`);
  }
}

/**
 * What a user reads of a remote's failure: the shell's own reasons in the active language; any other error
 * (the federation runtime's, the network's, one a remote throws) as its source words it.
 */
export function remoteLoadErrorText(error: Error, t: Translate<ShellMessageId>): string {
  if (error instanceof RemoteLoadTimedOut) return t('plugins.error.timedOut', { plugin: error.plugin, seconds: error.seconds });
  if (error instanceof RemoteComponentMissing) return t('plugins.error.componentMissing', { plugin: error.plugin, module: error.exposed });
  if (error instanceof RemoteEntryRefused) return t('plugins.error.entryRefused', { url: error.url, integrity: error.integrity });
  return error.message;
}
