import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { loadConfigs } from '../config/load-configs.js';
import { renderCompose } from './compose-file.js';
import { composeSchemaErrors } from './test-support/compose-schema.js';
import { assertGolden, goldenDir } from './test-support/golden-file.js';

const productionConfigs = new URL('configs.production.json', goldenDir).pathname;
const repositoryConfigs = new URL('../../../../configs.json', import.meta.url).pathname;

interface ComposeService {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  labels?: Record<string, string>;
  healthcheck?: { test: string[]; interval: string; timeout: string; retries: number };
  depends_on?: Record<string, unknown>;
}
const services = (text: string) => (parse(text) as { services: Record<string, ComposeService> }).services;

describe('lattice generate compose', () => {
  it('writes the golden file, valid by the Compose Specification JSON Schema', async () => {
    const text = renderCompose(productionConfigs, await loadConfigs(productionConfigs));
    assert.equal(composeSchemaErrors(parse(text)), undefined);
    await assertGolden('docker-compose.yml', text);
  });

  it('the schema check can fail', () => {
    assert.match(composeSchemaErrors({ services: { gateway: { image: 3, restart_policy: 'always' } } }) ?? '', /additional properties|must be string/);
  });

  it('runs a host per plugin with its extra_env and db_name, the core first, all on the image_tag', async () => {
    const configs = await loadConfigs(productionConfigs);
    const composed = services(renderCompose(productionConfigs, configs));
    assert.deepEqual(
      Object.keys(composed).filter((name) => name.startsWith('plugin-')),
      ['plugin-core-api', 'plugin-documents-api', 'plugin-contacts-api', 'plugin-inbox-api', 'plugin-imap-api', 'plugin-messenger-api', 'plugin-search-api'],
    );
    // The messenger's widgets service, on RabbitMQ and Redis only; nginx waits for it.
    assert.deepEqual(composed.widgets?.command, ['widgets']);
    assert.deepEqual(Object.keys(composed.widgets?.environment ?? {}).filter((key) => key.endsWith('_URL')), ['RABBITMQ_URL', 'REDIS_URL']);
    const inbox = composed['plugin-inbox-api']!;
    assert.deepEqual(inbox.command, ['host', 'inbox']);
    assert.equal(inbox.image, 'lattice:1.4.0');
    assert.equal(composed['plugin-imap-api']?.environment?.IMAP_RECEIVE_LIMIT_MB, '50', "imap's extra_env");
    assert.equal(inbox.labels?.['lattice.db-name'], 'inbox_db');
    assert.equal(inbox.environment?.JWT_TOKEN_SECRET, configs.jwt_token_secret);
    assert.equal(composed.gateway?.environment?.LATTICE_PLUGIN_URL_TEMPLATE, 'http://plugin-{name}-api:4000');
    assert.equal(composed.gateway?.environment?.JWT_TOKEN_SECRET, undefined, 'the gateway gets no secret it does not use');
    assert.deepEqual(composed.mongo?.healthcheck && { ...composed.mongo.healthcheck, test: undefined }, { test: undefined, interval: '2s', timeout: '2s', retries: 200 });
    assert.match(composed.mongo?.healthcheck?.test[1] ?? '', /rs\.initiate\(\{ _id: 'rs0'/);
    assert.equal(composed.elasticsearch, undefined, 'no Elasticsearch container that nothing uses');
    assert.match(composed.opensearch?.image ?? '', /^opensearchproject\/opensearch:/, 'configs.json has elasticsearch: OpenSearch runs');
    assert.deepEqual(composed['plugin-search-api']?.command, ['host', 'search']);
    assert.equal(composed['plugin-search-api']?.environment?.ELASTICSEARCH_URL, 'http://opensearch:9200');
    assert.equal(composed.essyncer, undefined, 'no essyncer key, no synchroniser');
  });

  it('runs the dashboard API and front-end with `dashboard`, nginx waiting for them, and neither without it', async () => {
    const configs = await loadConfigs(productionConfigs);
    const composed = services(renderCompose(productionConfigs, configs));
    const api = composed['dashboard-api']!;
    assert.deepEqual(api.command, ['dashboard-api']);
    assert.equal(api.environment?.PORT, '4300');
    assert.deepEqual(Object.keys(api.environment ?? {}).filter((key) => key.endsWith('_URL')), ['MONGO_URL', 'RABBITMQ_URL', 'REDIS_URL']);
    assert.equal(api.environment?.JWT_TOKEN_SECRET, configs.jwt_token_secret);
    assert.match(api.healthcheck?.test[3] ?? '', /127\.0\.0\.1:4300\/health\/ready/);
    const front = composed['dashboard-front']!;
    assert.deepEqual(front.command, ['dashboard-front']);
    assert.deepEqual([front.environment?.PORT, front.environment?.LATTICE_DASHBOARD_API_URL], ['4200', 'http://dashboard-api:4300']);
    assert.match(front.healthcheck?.test[3] ?? '', /127\.0\.0\.1:4200\/health\/ready/);
    assert.deepEqual(Object.keys(composed.nginx?.depends_on ?? {}), ['frontend', 'gateway', 'widgets', 'dashboard-api', 'dashboard-front']);
    const without = services(renderCompose(productionConfigs, { ...configs, dashboard: undefined }));
    assert.equal(without['dashboard-api'], undefined);
    assert.equal(without['dashboard-front'], undefined);
    assert.deepEqual(Object.keys(without.nginx?.depends_on ?? {}), ['frontend', 'gateway', 'widgets']);
  });

  it('runs the essyncer with essyncer, and no OpenSearch when elasticsearch.url names one', async () => {
    const configs = await loadConfigs(productionConfigs);
    const composed = services(renderCompose(productionConfigs, { ...configs, elasticsearch: { url: 'https://search.example.com:9200' }, essyncer: {} }));
    assert.equal(composed.opensearch, undefined);
    assert.deepEqual(composed.essyncer?.command, ['essyncer']);
    assert.equal(composed.essyncer?.environment?.ELASTICSEARCH_URL, 'https://search.example.com:9200');
    assert.match(composed.essyncer?.environment?.MONGO_URL ?? '', /^mongodb:\/\/.*@mongo:27017\//);
    assert.equal(composed['plugin-search-api']?.environment?.ELASTICSEARCH_URL, 'https://search.example.com:9200');
  });

  it('leaves search out without `elasticsearch`, and writes a $ in a secret as $$', async () => {
    const configs = await loadConfigs(productionConfigs);
    const composed = services(renderCompose(productionConfigs, { ...configs, elasticsearch: undefined, jwt_token_secret: `${'s'.repeat(32)}$HOME` }));
    assert.equal(composed.elasticsearch, undefined);
    assert.equal(composed.opensearch, undefined);
    assert.equal(composed['plugin-search-api'], undefined);
    assert.equal(composed['plugin-core-api']?.environment?.JWT_TOKEN_SECRET, `${'s'.repeat(32)}$$HOME`);
  });

  it('refuses a placeholder secret, naming its key', async () => {
    const repository = await loadConfigs(repositoryConfigs);
    assert.throws(() => renderCompose(repositoryConfigs, repository), /configs\.json: "jwt_token_secret" is empty or a placeholder/);
    assert.throws(() => renderCompose(repositoryConfigs, { ...repository, jwt_token_secret: 'x'.repeat(40) }), /"mongo\.password" is empty or a placeholder/);
  });
});

