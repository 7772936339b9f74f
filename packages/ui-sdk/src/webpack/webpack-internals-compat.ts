import { readdirSync } from 'node:fs';
import Module from 'node:module';
import { basename, dirname, join, sep } from 'node:path';

type ResolveFilename = (request: string, ...rest: unknown[]) => string;
const moduleInternals = Module as unknown as { _resolveFilename: ResolveFilename };
const patchedLibDirs = new Set<string>();

/**
 * `@module-federation/enhanced` (2.9.x) requires webpack internals by file path, e.g.
 * `webpack/lib/util/extractUrlAndGlobal`, and webpack 5.106 moved many of them into sub-folders
 * (`lib/externals/extractUrlAndGlobal.js`, `lib/dependencies/core/ModuleDependency.js`, …). For a request
 * into `webpackMain`'s `lib/` that no longer resolves, this finds the one file of that name elsewhere in
 * `lib/` and resolves to it; a name found twice or not at all fails as before. Requests that resolve are
 * never touched, so webpack ≤ 5.105 behaves exactly as without it.
 */
export function followMovedWebpackInternals(webpackMain: string): void {
  const libDir = findLibDir(webpackMain);
  if (!libDir || patchedLibDirs.has(libDir)) return;
  patchedLibDirs.add(libDir);
  const byName = new Map<string, string[]>();
  for (const file of readdirSync(libDir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.js')) continue;
    const name = basename(file, '.js');
    byName.set(name, [...(byName.get(name) ?? []), join(libDir, file)]);
  }
  const original = moduleInternals._resolveFilename;
  moduleInternals._resolveFilename = function resolveMovedInternal(this: unknown, request: string, ...rest: unknown[]): string {
    try {
      return original.call(this, request, ...rest);
    } catch (error) {
      if (!request.startsWith(libDir + sep)) throw error;
      const candidates = byName.get(basename(request, '.js'));
      if (candidates?.length !== 1) throw error;
      return candidates[0]!;
    }
  };
}

/** webpack's `lib/` folder from the path of its main file (`…/webpack/lib/index.js`). */
function findLibDir(webpackMain: string): string | undefined {
  let dir = dirname(webpackMain);
  while (basename(dir) !== 'lib') {
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
  return dir;
}
