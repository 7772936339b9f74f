import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { configsJsonSchema } from './configs-json-schema.js';

const root = new URL('../../../../', import.meta.url);
const readJson = async (name: string): Promise<unknown> => JSON.parse(await readFile(new URL(name, root), 'utf8'));

// SPEC.md "Deployment configuration file `configs.json`": every key of its two tables.
const specKeys = [
  'jwt_token_secret', 'db_server_address', 'secondary_server_address', 'image_tag', 'domain', 'widgets.domain',
  'elasticsearch', 'essyncer', 'redis.password', 'mongo.username', 'mongo.password', 'rabbitmq.cookie',
  'rabbitmq.user', 'rabbitmq.pass', 'rabbitmq.vhost', 'dashboard', 'client_portal_domains', 'plugins',
  'plugins[].name', 'plugins[].ui', 'plugins[].db_name', 'plugins[].extra_env',
];

interface SchemaNode {
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
}

function lookUp(schema: SchemaNode, key: string): SchemaNode | undefined {
  return key.split('.').reduce<SchemaNode | undefined>((node, part) => {
    const list = part.endsWith('[]');
    const child = node?.properties?.[list ? part.slice(0, -2) : part];
    return list ? child?.items : child;
  }, schema);
}

function validator() {
  const ajv = new Ajv({ allErrors: true, strict: true });
  addFormats.default(ajv);
  return ajv.compile(configsJsonSchema());
}

describe('configs.schema.json', () => {
  it('is the checked-in file, generated from the zod schema', async () => {
    assert.deepEqual(
      await readJson('configs.schema.json'),
      configsJsonSchema(),
      'configs.schema.json is stale: run node --conditions=development --import tsx packages/cli/src/config/write-configs-schema.ts',
    );
  });

  it('names every configs.json key of SPEC.md', () => {
    const schema = configsJsonSchema() as SchemaNode;
    assert.deepEqual(specKeys.filter((key) => !lookUp(schema, key)), []);
  });

  it('accepts the repository configs.json, which points editors at it', async () => {
    const configs = await readJson('configs.json');
    const validate = validator();
    assert.equal(validate(configs), true, JSON.stringify(validate.errors));
    assert.equal((configs as { $schema?: string }).$schema, './configs.schema.json');
  });

  it('refuses wrong types and unknown keys, as an editor would show them', async () => {
    const configs = (await readJson('configs.json')) as Record<string, unknown>;
    const validate = validator();
    assert.equal(validate({ ...configs, plugins: [{ name: 3 }], jwt_token_secret: 5, plugns: [] }), false);
    const problems = validate.errors?.map((error) => `${error.instancePath} ${error.message ?? ''}`) ?? [];
    assert.ok(problems.includes('/jwt_token_secret must be string'), problems.join('\n'));
    assert.ok(problems.includes('/plugins/0/name must be string'), problems.join('\n'));
    assert.ok(problems.includes(' must NOT have additional properties'), problems.join('\n'));
  });
});
