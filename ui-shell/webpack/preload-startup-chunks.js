import HtmlWebpackPlugin from 'html-webpack-plugin';

/**
 * Adds `<link rel="preload">` for every script and stylesheet the shell needs to start. Without it the browser learns
 * about the shared chunks (react-dom, the client, ui-sdk…) in waves, as the federation runtime resolves
 * one shared module after another; with it they all download at once. What starts the shell is the entry's
 * own import (bootstrap) and the modules it provides to itself and its remotes. Left to load when used: a
 * shared module's fallback copy (the shell's provided copy always wins, so it never loads one), and
 * chunks only reached through an import() further in (the date picker, other languages' messages, the
 * Users and password pages, the redeploy notice) or through a request listed in `lazyRequests`.
 */
export class PreloadStartupChunks {
  constructor(lazyRequests) {
    this.lazyRequests = new Set(lazyRequests);
  }

  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadStartupChunks', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadStartupChunks', (data) => {
        const publicPath = compilation.outputOptions.publicPath;
        const startupFiles = new Set();
        const startsTheShell = (origin) => {
          if (this.lazyRequests.has(origin.request)) return false;
          const module = origin.module;
          if (!module || module.type === 'provide-module') return true;
          if (module.type === 'consume-shared-module') return false;
          return compilation.chunkGraph.getModuleChunks(module).some((chunk) => chunk.canBeInitial());
        };
        for (const chunk of compilation.chunks) {
          const startup = [...chunk.groupsIterable].some((group) => group.origins.some(startsTheShell));
          if (!startup || chunk.hasRuntime()) continue;
          for (const file of chunk.files) if (file.endsWith('.js') || file.endsWith('.css')) startupFiles.add(file);
        }
        // Styles too: they are only asked for once the main script has run. A preload, not a stylesheet
        // link: a stylesheet in the head would hold back the main script until it has loaded.
        const links = [...startupFiles].sort().map((file) =>
          HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: file.endsWith('.css') ? 'style' : 'script', href: `${publicPath}${file}` }),
        );
        // After the main script: it holds the federation runtime and must not queue behind them
        // (a browser opens only six connections per origin over HTTP/1.1).
        data.headTags.push(...links);
        return data;
      });
    });
  }
}
