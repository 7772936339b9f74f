// Builds a generated UI remote with its own webpack.config.js: `node --import tsx build-ui-remote.ts <dir>`.
// A scratch checkout has had no `npm install`, so the remote has no node_modules of its own; it gets the
// webpack that ui-sdk pins (the same 5.105.x its package.json asks for), as npm would install it.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type webpackType from 'webpack';

const dir = process.argv[2];
if (!dir) throw new Error('usage: build-ui-remote.ts <ui plugin folder>');
const fromPlugin = createRequire(join(dir, 'package.json'));
const webpackPath = createRequire(fromPlugin.resolve('@lattice/ui-sdk/package.json')).resolve('webpack');
process.env.FEDERATION_WEBPACK_PATH = webpackPath;
const webpack = fromPlugin(webpackPath) as typeof webpackType;
const { default: configOf } = (await import(pathToFileURL(join(dir, 'webpack.config.js')).href)) as {
  default: (env: unknown, argv: { mode: string }) => webpackType.Configuration;
};
const stats = await new Promise<webpackType.Stats | undefined>((resolve, reject) => {
  webpack(configOf({}, { mode: 'production' }), (error, result) => (error ? reject(error) : resolve(result)));
});
if (!stats || stats.hasErrors()) {
  console.error(stats?.toString('errors-only') ?? 'webpack gave no stats');
  process.exitCode = 1;
} else {
  console.log(`built ${dir}: ${webpack.version}`);
}
