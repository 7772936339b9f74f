/** A configs.json plugin entry as the front-end server needs it. */
export interface FrontendPlugin {
  name: string;
  /**
   * `local`: serve `ui-plugins/<name>/dist` at `/plugins/<name>/`; `remote`: load it from `remoteUrl`, as
   * its descriptor (`lattice-plugin.json` beside the entry) tells.
   */
  ui?: 'local' | 'remote';
  /** For `ui: 'remote'`: the URL of the remote's `remoteEntry.js` (configs.json key `ui_url`). */
  remoteUrl?: string;
}
