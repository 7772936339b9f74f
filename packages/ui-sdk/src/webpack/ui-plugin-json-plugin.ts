import type { Compiler } from 'webpack';
import type { UiPluginConfig } from '../config/index.js';

/** Emits `ui-plugin.json`, the validated config the front-end server reads to build `/plugins.json`. */
export class UiPluginJsonPlugin {
  constructor(private readonly config: UiPluginConfig) {}

  apply(compiler: Compiler): void {
    // The compiler's own webpack, not an import: the plugin may run under another copy of webpack.
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('UiPluginJsonPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'UiPluginJsonPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.emitAsset('ui-plugin.json', new sources.RawSource(`${JSON.stringify(this.config, null, 2)}\n`));
        },
      );
    });
  }
}
