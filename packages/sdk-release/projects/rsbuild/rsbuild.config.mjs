import { defineConfig } from '@rsbuild/core';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';

// The shell provides these, once: `import: false` builds no copy of them, so React cannot load twice.
const providedByShell = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', 'react-router-dom', '@apollo/client', '@apollo/client/react', '@lattice/ui-sdk'];
const shared = Object.fromEntries(providedByShell.map((name) => [name, { singleton: true, requiredVersion: false, import: false }]));

export default defineConfig({
  // Rsbuild wants an entry; the remote's real entry is remoteEntry.js, which the plugin adds.
  source: { entry: { index: './src/standalone.ts' } },
  // Chunks load from wherever remoteEntry.js is served (the remote's own origin).
  output: { distPath: { root: 'dist' }, assetPrefix: 'auto', filenameHash: true, cleanDistPath: true },
  tools: { htmlPlugin: false },
  performance: { printFileSize: false },
  plugins: [pluginModuleFederation({ name: 'reports', filename: 'remoteEntry.js', exposes: { './routes': './src/routes.tsx' }, shared, dts: false })],
});
