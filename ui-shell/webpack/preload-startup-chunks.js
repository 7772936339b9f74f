import HtmlWebpackPlugin from 'html-webpack-plugin';

/**
 * Adds `<link rel="preload">` for every script and stylesheet the shell needs to start. Without it the browser learns
 * about the shared chunks (react-dom, the client, ui-sdk…) in waves, as the federation runtime resolves
 * one shared module after another; with it they all download at once. Chunks only reached through a
 * lazy import listed in `lazyRequests` (the date picker, the Users and password pages) are left to load when used.
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
        for (const chunk of compilation.chunks) {
          const groups = [...chunk.groupsIterable];
          const lazyOnly = groups.length > 0 && groups.every((group) => group.origins.some((origin) => this.lazyRequests.has(origin.request)));
          if (lazyOnly || chunk.hasRuntime()) continue;
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
