import type { Logger } from 'pino';
import { TurnWaitTimeoutError } from '../fairness/fair-turns.js';
import { SubgraphTimeoutError } from '../subgraphs/transport-failure.js';
import { postToSubgraph, type SubgraphAnswer } from '../subgraphs/post-to-subgraph.js';
import type { SubgraphRegistry, SubgraphState } from '../subgraphs/subgraph-registry.js';
import type { PlannedResult } from './execute-planned.js';
import type { GatewayContext } from './gateway-context.js';
import type { RootSplit, RootSplitPart } from './root-split.js';

function bodyOf(part: RootSplitPart, variables: Record<string, unknown> | undefined): string {
  if (part.variableNames.length === 0 || !variables) return JSON.stringify({ query: part.query });
  const values: Record<string, unknown> = {};
  for (const name of part.variableNames) if (name in variables) values[name] = variables[name];
  return JSON.stringify({ query: part.query, variables: values });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Runs a split query (planRootSplit): each part goes to its subgraph at once, and the answers' root fields
 * are put together in the order of the query, with every part's errors. Undefined when the planner should
 * answer instead, which it does the same way it always has: a part's subgraph is down or gave no answer,
 * or a part was refused before it ran (bad variables: the planner names the mistake).
 */
export async function executeRootSplit(
  split: RootSplit,
  registry: SubgraphRegistry,
  variables: Record<string, unknown> | undefined,
  context: GatewayContext,
  logger: Logger,
): Promise<PlannedResult | undefined> {
  const subgraphs: SubgraphState[] = [];
  for (const part of split.parts) {
    const subgraph = registry.get(part.plugin);
    if (subgraph?.status !== 'up') return undefined;
    subgraphs.push(subgraph);
  }
  const answers = await Promise.all(
    split.parts.map((part, index) =>
      postToSubgraph(subgraphs[index]!, bodyOf(part, variables), 'refused-or-reset', context, logger).catch((error: unknown) => {
        // Waiting again through the planner would only double the wait: the request is answered as waited out.
        if (error instanceof TurnWaitTimeoutError || error instanceof SubgraphTimeoutError) throw error;
        logger.warn({ reqId: context.reqId, plugin: part.plugin, err: error }, 'subgraph request failed');
        return undefined;
      }),
    ),
  );

  const fields = new Map<string, unknown>();
  const errors: unknown[] = [];
  const setCookies: string[] = [];
  let nullsAll = false;
  for (const [index, part] of split.parts.entries()) {
    const answer: SubgraphAnswer | undefined = answers[index];
    if (!answer) return undefined;
    let payload: unknown;
    try {
      payload = JSON.parse(answer.text);
    } catch {
      return undefined;
    }
    if (!isRecord(payload) || !('data' in payload)) return undefined;
    if (Array.isArray(payload['errors'])) errors.push(...(payload['errors'] as unknown[]));
    const data = payload['data'];
    if (isRecord(data)) {
      for (const key of part.keys) if (key in data) fields.set(key, data[key]);
    } else if (part.nullsAll) {
      nullsAll = true;
    } else {
      for (const key of part.keys) fields.set(key, null);
    }
    if (answer.setCookie) setCookies.push(...(Array.isArray(answer.setCookie) ? answer.setCookie : [answer.setCookie]));
  }

  context.setCookies.push(...setCookies);
  let data: Record<string, unknown> | null = null;
  if (!nullsAll) {
    data = {};
    for (const key of split.keys) if (fields.has(key)) data[key] = fields.get(key);
  }
  return { status: 200, body: errors.length > 0 ? { errors: errors as PlannedResult['body']['errors'], data } : { data } };
}
