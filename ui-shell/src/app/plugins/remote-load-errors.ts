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

/** A remote's entry that fails one of the browser's checks: it gets no answer, CORS refuses it, or its bytes do not match its hash. */
export class RemoteEntryCheckFailed extends Error {
  override readonly name = 'RemoteEntryCheckFailed';
  constructor(
    readonly check: 'network' | 'cors' | 'integrity',
    readonly url: string,
    /** network: what the network said; integrity: the hash expected. */
    readonly detail: string = '',
  ) {
    super(
      check === 'cors'
        ? `CORS check failed: the server of ${url} does not allow this site to load it`
        : check === 'integrity'
          ? `Integrity check failed: ${url} does not match the hash it was published with (${detail})`
          : `Network check failed: ${url} could not be loaded (${detail})`,
    );
  }
}

// React's words when a component's hooks run against another copy of React than the one rendering it.
const secondReact = /Invalid hook call|Minified React error #321|more than one copy of React/i;

/**
 * What a user reads of a remote's failure: the shell's own reasons in the active language; any other error
 * (the federation runtime's, the network's, one a remote throws) as its source words it.
 */
export function remoteLoadErrorText(error: Error, t: Translate<ShellMessageId>, plugin?: string): string {
  if (error instanceof RemoteLoadTimedOut) return t('plugins.error.timedOut', { plugin: error.plugin, seconds: error.seconds });
  if (error instanceof RemoteComponentMissing) return t('plugins.error.componentMissing', { plugin: error.plugin, module: error.exposed });
  if (error instanceof RemoteEntryRefused) return t('plugins.error.entryRefused', { url: error.url, integrity: error.integrity });
  if (error instanceof RemoteEntryCheckFailed) {
    if (error.check === 'cors') return t('plugins.error.cors', { url: error.url });
    if (error.check === 'integrity') return t('plugins.error.integrity', { url: error.url, integrity: error.detail });
    return t('plugins.error.network', { url: error.url, detail: error.detail });
  }
  if (plugin && secondReact.test(error.message)) return t('plugins.error.sharedModule', { plugin, detail: error.message.split('\n')[0] ?? '' });
  return error.message;
}
