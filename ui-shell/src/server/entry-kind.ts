/** How the federation runtime must load a remote's `ui_url`. */
export type EntryKind = 'manifest' | 'module' | 'script';

// Syntax only an ES module may hold: a static import or export statement, or import.meta. A classic entry
// (webpack, Rspack, Rsbuild) has none; `import(` and `importScripts(` are allowed in both and not matched.
const moduleSyntax = /(?:^|[;}\n])\s*(?:import\s*[{*"'`]|import\s+[\w$]+\s*(?:,|from\b)|export\s*[{*]|export\s+(?:default|const|let|var|function|async|class)\b)|\bimport\s*\.\s*meta\b/;

/**
 * A Module Federation manifest (`mf-manifest.json`, the runtime reads the entry's type from it), an ES
 * module entry (Vite's `@module-federation/vite`, loaded with import()) or a classic script entry that
 * sets a global (webpack, Rspack, Rsbuild). Told by the URL, then by the entry's own syntax.
 */
export function entryKind(url: string, source: string): EntryKind {
  const path = new URL(url, 'http://entry.invalid/').pathname;
  if (path.endsWith('.json')) return 'manifest';
  if (path.endsWith('.mjs')) return 'module';
  return moduleSyntax.test(source) ? 'module' : 'script';
}
