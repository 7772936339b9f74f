import { createRequire } from 'node:module';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RuleSetRule } from 'webpack';

const require = createRequire(import.meta.url);
// The loader sits beside this file: `.ts` when run from the sources (tests, the monorepo's dev set-up), `.js` from dist.
const catalogueLoader = fileURLToPath(new URL(`./catalogue-loader${extname(fileURLToPath(import.meta.url))}`, import.meta.url));

/** A UI plugin's message catalogues: `locales/<locale>.json`, compiled at build time (docs/i18n.md). */
export const catalogueFilePattern = /[\\/]locales[\\/][\w-]+\.json$/;

/** TypeScript/TSX through esbuild (no type checking: `tsc --noEmit` does that), message catalogues and CSS. */
export function moduleRules(css: { extract: boolean }): RuleSetRule[] {
  return [
    { test: catalogueFilePattern, type: 'javascript/auto', loader: catalogueLoader },
    {
      test: /\.[cm]?[jt]sx?$/,
      exclude: /node_modules/,
      loader: require.resolve('esbuild-loader'),
      options: { target: 'es2022', jsx: 'automatic' },
    },
    {
      test: /\.css$/,
      use: [
        css.extract ? require.resolve('mini-css-extract-plugin/dist/loader.js') : require.resolve('style-loader'),
        require.resolve('css-loader'),
      ],
    },
  ];
}

/** NodeNext-style `./file.js` imports resolve to the `.ts`/`.tsx` source. */
export const typeScriptResolve = {
  extensions: ['.tsx', '.ts', '.js', '.mjs'],
  extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
};
