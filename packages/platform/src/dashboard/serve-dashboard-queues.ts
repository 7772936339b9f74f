import type { MessageBroker } from '@lattice/broker';
import { dashboardDatasetsQueue, dashboardLoadQueue, type DashboardLoadReply } from '@lattice/contracts';
import type { PluginDefinition } from '@lattice/plugin-sdk';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { runDatasetQuery, type DashboardQueryBudget } from './run-dataset-query.js';

/**
 * A plugin host's side of the dashboard (issue 31): `<plugin>:dashboard.datasets` answers the datasets the plugin
 * declares (none is an answer too, so the dashboard API never waits on a plugin without any), and
 * `<plugin>:dashboard.load` runs a query over one of them on the plugin's own database. The dashboard API has
 * checked the caller's permission before asking; no other process reads this database.
 */
export async function serveDashboardQueues(
  definition: PluginDefinition,
  db: Connection,
  broker: MessageBroker,
  logger: Logger,
  budget?: DashboardQueryBudget,
): Promise<void> {
  const datasets = definition.dashboardDatasets ?? [];
  const datasetsContract = dashboardDatasetsQueue(definition.name);
  await broker.consumeRPCQueue(datasetsContract.name, () => ({ datasets }));
  if (datasets.length === 0) return;
  const loadContract = dashboardLoadQueue(definition.name);
  const byName = new Map(datasets.map((dataset) => [dataset.name, dataset]));
  await broker.consumeRPCQueue(loadContract.name, async (data): Promise<DashboardLoadReply> => {
    const payload = loadContract.payload.safeParse(data);
    if (!payload.success) {
      const problems = payload.error.issues.map((issue) => `"${issue.path.join('.') || 'query'}" ${issue.message}`);
      return { outcome: 'refused', code: 'BAD_USER_INPUT', message: `The query is not valid: ${problems.join('; ')}` };
    }
    const dataset = byName.get(payload.data.dataset);
    if (!dataset) return { outcome: 'refused', code: 'BAD_USER_INPUT', message: `Plugin "${definition.name}" has no dataset "${payload.data.dataset}"` };
    const started = performance.now();
    const reply = await runDatasetQuery(db, dataset, payload.data, budget);
    logger.debug({ dataset: dataset.name, ms: Math.round(performance.now() - started), outcome: reply.outcome }, 'dashboard query');
    return reply;
  });
}
