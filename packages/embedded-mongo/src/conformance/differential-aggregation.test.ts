import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Document } from 'mongodb';
import { useDriver } from '../test-support/driver-fixture.js';
import { generator } from '../test-support/generated-queries.js';
import { pipelineGenerator } from '../test-support/generated-pipelines.js';
import { compare } from '../test-support/reference-matcher.js';
import { PipelineRefused, runReferencePipeline } from '../test-support/reference-pipeline.js';

/**
 * Generated aggregation pipelines (fixed seed) run by the server and by an independent implementation
 * of the stages and expressions they use (test-support/reference-pipeline.ts); results (field order
 * included) and refusals must agree. $group's output order is not defined, so after a $group that no
 * $sort follows both sides are put in _id order.
 */
const SEED = 3502;
const DOCUMENTS = 60;
const PIPELINES = 260;

function groupOrderUndefined(pipeline: Document[]): boolean {
  const lastGroup = pipeline.findLastIndex((stage) => '$group' in stage);
  return lastGroup >= 0 && !pipeline.slice(lastGroup).some((stage) => '$sort' in stage);
}

/** Where two answers part: the first result that differs, or the whole answers when one is a refusal. */
function firstDifference(actual: string, expected: string): string {
  if (!actual.startsWith('[') || !expected.startsWith('[')) return `  server:    ${actual.slice(0, 400)}\n  reference: ${expected.slice(0, 400)}`;
  const server = JSON.parse(actual) as unknown[];
  const reference = JSON.parse(expected) as unknown[];
  const i = server.findIndex((result, index) => JSON.stringify(result) !== JSON.stringify(reference[index]));
  const at = i < 0 ? reference.length : i;
  return `  result ${at} of ${server.length}/${reference.length}\n  server:    ${JSON.stringify(server[at])}\n  reference: ${JSON.stringify(reference[at])}`;
}

describe('differential: generated aggregations against an independent implementation', () => {
  const fx = useDriver('diffaggregate');

  it(`${PIPELINES} generated pipelines over ${DOCUMENTS} generated documents agree`, async (t) => {
    const { doc } = generator(SEED);
    const { pipeline } = pipelineGenerator(SEED);
    const docs = Array.from({ length: DOCUMENTS }, (_, i) => doc(i));
    const c = await fx.fresh(docs);
    const disagreements: string[] = [];
    for (let i = 0; i < PIPELINES; i++) {
      const p = pipeline();
      const ordered = (results: Document[]) => (groupOrderUndefined(p) ? [...results].sort((x, y) => compare(x._id, y._id)) : results);
      let expected: string;
      try {
        expected = JSON.stringify(ordered(runReferencePipeline(docs, p)));
      } catch (error) {
        if (!(error instanceof PipelineRefused)) throw error;
        expected = 'refused';
      }
      let actual: string;
      try {
        actual = JSON.stringify(ordered(await c.aggregate(p).toArray()));
      } catch (error) {
        actual = (error as { code?: number }).code !== undefined ? 'refused' : `error ${(error as Error).message}`;
      }
      if (actual !== expected) disagreements.push(`${JSON.stringify(p)}\n${firstDifference(actual, expected)}`);
    }
    t.diagnostic(`${PIPELINES - disagreements.length} of ${PIPELINES} agree`);
    assert.equal(disagreements.length, 0, `${disagreements.length} of ${PIPELINES} disagree:\n${disagreements.slice(0, 40).join('\n')}`);
  });
});
