import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * Where a UI plugin's build lives: `<pluginsRoot>/<name>/dist` when a root is given, else the `dist/` of
 * the package `@lattice/ui-plugin-<name>`. Undefined when there is no such package.
 */
export function pluginBuildDir(name: string, pluginsRoot?: string): string | undefined {
  if (pluginsRoot) return join(pluginsRoot, name, 'dist');
  try {
    return join(dirname(require.resolve(`@lattice/ui-plugin-${name}/package.json`)), 'dist');
  } catch {
    return undefined;
  }
}
