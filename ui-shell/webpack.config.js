import { createRequire } from 'node:module';
import { join } from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { PreloadStartupChunks } from './webpack/preload-startup-chunks.js';
import { CompileHints, createFederationPlugin, moduleRules, sharedModules, typeScriptResolve } from '@lattice/ui-sdk/webpack';

const dir = import.meta.dirname;
const routerVersion = createRequire(import.meta.url)('react-router-dom/package.json').version;
// The shell's and ui-sdk's catalogues other than English: fetched when that language is chosen, never preloaded.
const translations = ['./locales/de.json', '../locales/de.json'];
// Lingui's React part, for the few messages with markup in them (ui-sdk's Message).
const messageMarkup = './MessageMarkup.js';

/** The shell: a Module Federation host with no remotes known at build time (they come from /plugins.json). */
export default (_env, argv) => {
  const production = (argv.mode ?? 'production') === 'production';
  const name = production ? '[name].[contenthash:10]' : '[name]';
  return {
    mode: production ? 'production' : 'development',
    context: dir,
    entry: { main: './src/app/index.ts' },
    output: {
      path: join(dir, 'dist/public'),
      publicPath: '/',
      uniqueName: 'lattice_shell',
      filename: `${name}.js`,
      chunkFilename: `${name}.js`,
      clean: true,
    },
    resolve: typeScriptResolve,
    module: { rules: moduleRules({ extract: production }) },
    devtool: production ? false : 'eval-cheap-module-source-map',
    performance: { hints: false },
    // tslib (18 KB, under splitChunks' 20 KB minimum) was copied into each shared package's chunk that uses it: once is enough.
    optimization: { splitChunks: { cacheGroups: { tslib: { test: /[\\/]node_modules[\\/]tslib[\\/]/, chunks: 'all', enforce: true } } } },
    plugins: [
      createFederationPlugin(dir, {
        name: 'lattice_shell',
        remotes: {},
        shared: {
          ...sharedModules(),
          // react-router-dom as remotes use it, from the shell's own react-router (see the module for why not the package).
          'react-router-dom': { singleton: true, requiredVersion: false, import: './src/app/plugins/react-router-dom-for-remotes.ts', shareKey: 'react-router-dom', version: routerVersion },
        },
        // Never fetch a remote's entry just to compare share versions: only visiting its page loads it.
        shareStrategy: 'loaded-first',
        dts: false,
        // Remotes are built with externalRuntime: they use this runtime instead of shipping one each.
        experiments: { provideExternalRuntime: true, optimization: { disableSnapshot: true, target: 'web' } },
      }),
      new HtmlWebpackPlugin({ template: './src/app/index.html', favicon: './src/app/favicon.svg' }),
      ...(production ? [new PreloadStartupChunks(['@mantine/dates', 'dayjs/locale/de.js', './users/UsersPage.js', './users/ChangePasswordPage.js', messageMarkup, ...translations])] : []),
      ...(production ? [new CompileHints()] : []),
      ...(production ? [new MiniCssExtractPlugin({ filename: `${name}.css`, chunkFilename: `${name}.css` })] : []),
    ],
    devServer: {
      port: 3000,
      hot: true,
      historyApiFallback: true,
      proxy: [
        {
          context: ['/gateway'],
          target: process.env.LATTICE_GATEWAY_URL ?? 'http://127.0.0.1:3300',
          pathRewrite: { '^/gateway': '' },
          ws: true,
        },
      ],
      setupMiddlewares: (middlewares, devServer) => {
        devServer.app.get('/plugins.json', async (_request, response, next) => {
          try {
            const { buildDevPluginsManifest } = await import('./dev/build-dev-plugins-manifest.js');
            response.json(await buildDevPluginsManifest(process.env.LATTICE_CONFIGS ?? join(dir, '../configs.json')));
          } catch (error) {
            next(error);
          }
        });
        return middlewares;
      },
    },
  };
};
