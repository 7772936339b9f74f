import { createRequire } from 'node:module';
import type { RuleSetRule } from 'webpack';

const require = createRequire(import.meta.url);

/** TypeScript/TSX through esbuild (no type checking: `tsc --noEmit` does that) and CSS. */
export function moduleRules(css: { extract: boolean }): RuleSetRule[] {
  return [
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
