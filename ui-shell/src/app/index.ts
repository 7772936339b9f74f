import { pluginsManifestRequest } from './boot/plugins-manifest-request.js';

// An async boundary before anything imports react: the Module Federation runtime must set up the share
// scope first, so the shell and every remote end up on the same react (shared, not eager).
// pluginsManifestRequest reads the plugins manifest and starts loading the opened page's plugin meanwhile.
void pluginsManifestRequest;
import('./bootstrap.js').catch((error: unknown) => {
  document.body.textContent = `Lattice could not start: ${error instanceof Error ? error.message : String(error)}`;
});
