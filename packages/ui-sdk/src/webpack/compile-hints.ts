import type { Compiler } from 'webpack';

/**
 * Opens every script of a production build with V8's explicit compile hint (`//# allFunctionsCalledOnLoad`,
 * Chrome 136+). Nearly all of a Lattice bundle runs as soon as it loads (the shell while the first page
 * renders, a remote's chunk when its page does), so V8 compiles it on a background thread while the file
 * streams in, instead of function by function on the main thread at first call. Added right after
 * minification, which would strip the comment, and before content hashes, so names follow the content.
 */
export class CompileHints {
  apply(compiler: Compiler): void {
    // The compiler's own webpack, not an import: the plugin may run under another copy of webpack.
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CompileHints', (compilation) => {
      const stage = Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1;
      compilation.hooks.processAssets.tap({ name: 'CompileHints', stage }, (assets) => {
        for (const file of Object.keys(assets)) {
          if (file.endsWith('.js')) compilation.updateAsset(file, (source) => new sources.ConcatSource('//# allFunctionsCalledOnLoad\n', source));
        }
      });
    });
  }
}
