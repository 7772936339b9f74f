import type { MessageBroker } from '@lattice/broker';
import { dashboardDatasetsQueue } from '@lattice/contracts';
import { callPluginRPC, dashboardDatasetSchema, type DashboardDataset } from '@lattice/plugin-sdk';
import type { Logger } from 'pino';

export interface CatalogEntry {
  /** The plugin that owns the dataset and runs its queries. */
  plugin: string;
  dataset: DashboardDataset;
}

export interface DatasetCatalog {
  /** Every plugin's datasets, asked for again when the last answer is older than the refresh interval. */
  entries(): Promise<CatalogEntry[]>;
  find(name: string): Promise<CatalogEntry | undefined>;
}

export interface DatasetCatalogOptions {
  broker: MessageBroker;
  /** The enabled plugins (configs.json), each asked on `<plugin>:dashboard.datasets`. */
  plugins: readonly string[];
  logger: Logger;
  refreshMs?: number;
  timeoutMs?: number;
}

/**
 * The datasets of every enabled plugin, as each plugin's host declares them. A plugin that does not answer keeps
 * the datasets it declared last (its queries then fail as unavailable); a dataset it declares badly, or under a
 * name another plugin has taken, is left out with a warning naming both.
 */
export function createDatasetCatalog(options: DatasetCatalogOptions): DatasetCatalog {
  const refreshMs = options.refreshMs ?? 30_000;
  const timeoutMs = options.timeoutMs ?? 3_000;
  const known = new Map<string, CatalogEntry[]>();
  let askedAt = 0;
  let asking: Promise<void> | undefined;

  const askPlugin = async (plugin: string) => {
    try {
      const reply = await callPluginRPC(options.broker, dashboardDatasetsQueue(plugin), plugin, {}, { timeoutMs });
      const entries: CatalogEntry[] = [];
      for (const declared of reply.datasets) {
        const parsed = dashboardDatasetSchema.safeParse(declared);
        if (parsed.success) entries.push({ plugin, dataset: parsed.data });
        else options.logger.warn({ plugin, problem: parsed.error.message }, 'dashboard: a dataset the plugin declares is not valid; left out');
      }
      known.set(plugin, entries);
    } catch (error) {
      options.logger.warn({ plugin, err: error }, 'dashboard: the plugin did not say which datasets it has; keeping its last answer');
    }
  };

  const refresh = async () => {
    if (Date.now() - askedAt < refreshMs && known.size > 0) return;
    asking ??= Promise.all(options.plugins.map(askPlugin)).then(() => {
      askedAt = Date.now();
      asking = undefined;
    });
    await asking;
  };

  const entries = async () => {
    await refresh();
    const byName = new Map<string, CatalogEntry>();
    for (const plugin of options.plugins) {
      for (const entry of known.get(plugin) ?? []) {
        const taken = byName.get(entry.dataset.name);
        if (taken) {
          options.logger.warn({ dataset: entry.dataset.name, plugins: [taken.plugin, plugin] }, 'dashboard: two plugins declare one dataset name; the first is kept');
          continue;
        }
        byName.set(entry.dataset.name, entry);
      }
    }
    return [...byName.values()];
  };

  return {
    entries,
    find: async (name) => (await entries()).find((entry) => entry.dataset.name === name),
  };
}
