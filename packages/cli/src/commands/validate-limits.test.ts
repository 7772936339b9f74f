import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { GRAPHQL_LIMITS, graphqlLimitsWith } from '@lattice/contracts';
import { ConfigError } from '../config/config-error.js';
import { loadConfigs } from '../config/load-configs.js';
import { validate } from './validate.js';

let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lattice-validate-limits-'));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function configsWith(name: string, limits: unknown): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, JSON.stringify({ jwt_token_secret: '<JWT_SECRET>', domain: 'http://localhost:3000', plugins: [], ...(limits === undefined ? {} : { limits }) }));
  return file;
}

async function quietly(run: () => Promise<void>): Promise<void> {
  const log = console.log;
  console.log = () => {};
  try {
    await run();
  } finally {
    console.log = log;
  }
}

describe('configs.json limits', () => {
  it('lattice validate refuses a bad limits block, naming each key at fault and what it must be', async () => {
    const file = await configsWith('bad.json', { maxAliasez: 50, maxDepth: 0, maxAliases: 2.5, maxBodyBytes: 10 ** 12, deadlineMs: '5000' });
    await assert.rejects(quietly(() => validate({ config: file })), (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      const lines = error.message.split('\n').map((line) => line.trim());
      assert.ok(lines.includes('"limits" has unknown keys: maxAliasez'), error.message);
      assert.ok(lines.includes('"limits.maxDepth" must be more than 0'), error.message);
      assert.ok(lines.includes('"limits.maxAliases" must be a whole number'), error.message);
      assert.ok(lines.includes('"limits.maxBodyBytes" must be at most 52428800'), error.message);
      assert.ok(lines.includes('"limits.deadlineMs" must be a number, got a string'), error.message);
      return true;
    });
  });

  it('accepts any of the limits alone; they are laid over the defaults, the rest kept', async () => {
    const file = await configsWith('smaller.json', { maxAliases: 20, deadlineMs: 5_000 });
    await quietly(() => validate({ config: file }));
    const { limits } = await loadConfigs(file);
    assert.deepEqual(graphqlLimitsWith(limits), { ...GRAPHQL_LIMITS, maxAliases: 20, deadlineMs: 5_000 });
  });

  it('without a limits block every door keeps the defaults', async () => {
    const { limits } = await loadConfigs(await configsWith('none.json', undefined));
    assert.equal(limits, undefined);
    assert.deepEqual(graphqlLimitsWith(limits), GRAPHQL_LIMITS);
    assert.equal(GRAPHQL_LIMITS.maxAliases, 100);
  });
});
