import { createRequire } from 'node:module';
import { satisfy } from '@module-federation/enhanced/runtime';

const require = createRequire(import.meta.url);

// The packages behind the modules the shell shares (ui-sdk's sharedSingletonNames: `react/jsx-runtime` is
// react's, `@apollo/client/react` is @apollo/client's), with the version the shell was built with.
const sharedPackages = ['react', 'react-dom', 'react-router-dom', '@apollo/client', '@lattice/ui-sdk'];

/** What the shell provides to remotes: each shared package and its installed version. */
export function shellSharedVersions(): Record<string, string> {
  const versions: Record<string, string> = {};
  for (const name of sharedPackages) {
    try {
      versions[name] = (require(`${name}/package.json`) as { version: string }).version;
    } catch {
      // Not installed beside the server: the shell cannot provide it either.
    }
  }
  return versions;
}

/**
 * Why a remote cannot run on this shell, field by field ("shared.react: needs ^18.0.0, the shell has
 * 19.3.1"), from the ranges its descriptor declares; empty when it can. Checked before any of its code
 * runs: a second React, or one it was not built for, would only fail inside its page.
 */
export function sharedIncompatibilities(required: Record<string, string>, provided: Record<string, string>): string[] {
  return Object.entries(required).flatMap(([name, range]) => {
    const version = provided[name];
    if (version === undefined) return [`shared.${name}: needs ${range}, which the shell does not provide`];
    return satisfy(version, range) ? [] : [`shared.${name}: needs ${range}, the shell has ${version}`];
  });
}
