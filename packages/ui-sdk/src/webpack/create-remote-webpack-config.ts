import { join } from 'node:path';
import type { Configuration } from 'webpack';
import type { UiPluginConfig } from '../config/index.js';
import { CompileHints } from './compile-hints.js';
import { createFederationPlugin } from './load-federation-plugin.js';
import { MantineImportGuard } from './mantine-import-guard.js';
import { readUiPluginConfig } from './read-ui-plugin-config.js';
import { moduleRules, typeScriptResolve } from './script-rules.js';
import { sharedModules } from './shared-singletons.js';
import { UiPluginJsonPlugin } from './ui-plugin-json-plugin.js';

/** webpack's Configuration plus the `devServer` key that webpack-dev-server reads. */
export type WebpackConfig = Configuration & { devServer?: Record<string, unknown> };

export interface RemoteWebpackConfigOptions {
  /** The UI plugin's folder (holding `ui-plugin.config.json` and `src/`). */
  dir: string;
  mode: 'production' | 'development';
  /** Defaults to `<dir>/ui-plugin.config.json`, validated. */
  config?: UiPluginConfig;
}

/**
 * The whole webpack config of a UI plugin remote: a plugin's `webpack.config.js` is
 * `export default (_env, argv) => createRemoteWebpackConfig({ dir: import.meta.dirname, mode: argv.mode })`.
 */
export function createRemoteWebpackConfig(options: RemoteWebpackConfigOptions): WebpackConfig {
  const config = options.config ?? readUiPluginConfig(options.dir);
  const production = options.mode === 'production';
  return {
    mode: options.mode,
    context: options.dir,
    // The container entry (remoteEntry.js) is the only entry; ModuleFederationPlugin adds it.
    entry: {},
    output: {
      path: join(options.dir, 'dist'),
      // Remotes are served from wherever the deployment puts them (/plugins/<name>/ or a CDN).
      publicPath: 'auto',
      uniqueName: config.scope,
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      clean: true,
    },
    resolve: typeScriptResolve,
    module: { rules: moduleRules({ extract: false }) },
    devtool: production ? false : 'eval-cheap-module-source-map',
    performance: { hints: false },
    plugins: [
      createFederationPlugin(options.dir, {
        name: config.scope,
        filename: 'remoteEntry.js',
        exposes: config.exposes,
        shared: sharedModules({ providedByShell: true }),
        manifest: true,
        dts: false,
        // The shell provides the federation runtime (provideExternalRuntime), so each remote entry
        // stays small instead of carrying its own ~25 KB copy.
        experiments: { externalRuntime: true, optimization: { disableSnapshot: true, target: 'web' } },
      }),
      new UiPluginJsonPlugin(config),
      new MantineImportGuard(),
      ...(production ? [new CompileHints()] : []),
    ],
    devServer: {
      port: config.port,
      hot: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      devMiddleware: { writeToDisk: (file: string) => file.endsWith('ui-plugin.json') },
    },
  };
}
