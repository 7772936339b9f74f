import { defineConfig } from 'vite';
import { federation } from '@module-federation/vite';

// The shell provides these, once: `import: false` builds no copy of them, so React cannot load twice.
const providedByShell = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', 'react-router-dom', '@apollo/client', '@apollo/client/react', '@lattice/ui-sdk'];
const shared = Object.fromEntries(providedByShell.map((name) => [name, { singleton: true, requiredVersion: false, import: false }]));

export default defineConfig({
  // Chunks load relative to remoteEntry.js (the remote's own origin), not from the shell's.
  base: './',
  logLevel: 'warn',
  // Vite wants an entry; the remote's real entry is remoteEntry.js (an ES module), which the plugin adds.
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', modulePreload: false, rollupOptions: { input: './src/standalone.ts' } },
  plugins: [federation({ name: 'reports', filename: 'remoteEntry.js', exposes: { './routes': './src/routes.tsx' }, shared, dts: false })],
});
