import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { WebpackPluginInstance } from 'webpack';
import { followMovedWebpackInternals } from './webpack-internals-compat.js';

type FederationWebpack = typeof import('@module-federation/enhanced/webpack');
export type FederationOptions = ConstructorParameters<FederationWebpack['ModuleFederationPlugin']>[0];

/**
 * Loads ModuleFederationPlugin bound to the webpack that compiles `dir`. The plugin requires webpack
 * internals by path when it loads, and newer webpack releases dropped some of them, so it must see the
 * webpack of the workspace being built rather than whichever copy npm hoisted to the root. webpack 5.106
 * moved some of those internals; `followMovedWebpackInternals` finds them at their new paths.
 */
export function createFederationPlugin(dir: string, options: FederationOptions): WebpackPluginInstance {
  if (!process.env.FEDERATION_WEBPACK_PATH) {
    process.env.FEDERATION_WEBPACK_PATH = resolveWebpack(dir);
  }
  followMovedWebpackInternals(process.env.FEDERATION_WEBPACK_PATH);
  const require = createRequire(import.meta.url);
  const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack') as FederationWebpack;
  // Typed against the hoisted webpack's Compiler; at run time it is applied to the one it loaded.
  return new ModuleFederationPlugin(options) as unknown as WebpackPluginInstance;
}

function resolveWebpack(dir: string): string {
  try {
    return createRequire(join(dir, 'package.json')).resolve('webpack');
  } catch {
    return createRequire(import.meta.url).resolve('webpack');
  }
}
