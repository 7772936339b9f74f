import { createHash } from 'node:crypto';
import { stringify } from 'yaml';
import type { Configs } from '../config/configs-schema.js';
import { deploymentSecrets, deploymentServiceUrls, hostedPlugins } from './deployment-secrets.js';
import { ESSYNCER_PORT, OPENSEARCH_IMAGE, searchWiring } from './search-wiring.js';

/** The image every Lattice role runs (the repository's Dockerfile), tagged by configs.json's `image_tag`. */
export const latticeImage = (configs: Configs) => `lattice:${configs.image_tag || 'latest'}`;

/** Compose interpolates `$` in values: a secret's own `$` is written `$$` so it arrives as it is in configs.json. */
const literally = (environment: Record<string, string>) =>
  Object.fromEntries(Object.entries(environment).map(([key, value]) => [key, value.replaceAll('$', '$$$$')]));

const healthy = { condition: 'service_healthy' } as const;
// SPEC.md "Limits": the document database's health check.
const mongoHealth = { interval: '2s', timeout: '2s', retries: 200 } as const;

/** A role's own readiness, asked of the role itself inside its container (the image has node, not curl). */
const readyCheck = (port: number) => ({
  test: ['CMD', 'node', '-e', `fetch('http://127.0.0.1:${port}/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))`],
  interval: '5s',
  timeout: '3s',
  retries: 30,
});

/**
 * The compose file for one machine: a host per plugin (`plugin-<name>-api`, the name the gateway's URL
 * template expects), the gateway, the front-end and nginx, on MongoDB (replica set rs0, initiated by its own
 * health check), Redis and RabbitMQ with configs.json's credentials; with `elasticsearch`, the search subgraph's host
 * (`plugin-search-api`) on OpenSearch (single node, unless `elasticsearch.url` names one) and with `essyncer` the
 * synchroniser; with `dashboard` its API and front-end. Secrets go in as environment; the image holds none, and configs.json is mounted read-only.
 */
export function renderCompose(file: string, configs: Configs): string {
  const secrets = deploymentSecrets(file, configs);
  const image = latticeImage(configs);
  const urls = deploymentServiceUrls(secrets, { mongo: 'mongo', rabbitmq: 'rabbitmq', redis: 'redis' });
  const widgetsEnabled = configs.plugins.some((plugin) => plugin.name === 'messenger');
  const dashboardEnabled = configs.dashboard !== undefined;
  const role = (command: string[], environment: Record<string, string>, port: number) => ({
    image,
    command,
    environment: literally({ NODE_ENV: 'production', LATTICE_LISTEN_HOST: '0.0.0.0', ...environment }),
    volumes: ['./configs.json:/app/configs.json:ro'],
    healthcheck: readyCheck(port),
    restart: 'unless-stopped',
  });
  const search = searchWiring(configs, 'opensearch');
  const onEngine = search?.runsEngine ? { opensearch: healthy } : {};
  const hosts = Object.fromEntries(
    [...hostedPlugins(configs), ...(search ? [search.host] : [])].map((plugin) => [
      `plugin-${plugin.name}-api`,
      {
        ...role(['host', plugin.name], { PORT: '4000', ...urls, JWT_TOKEN_SECRET: secrets.jwtTokenSecret, ...plugin.extra_env }, 4000),
        // The host reads db_name from the mounted configs.json; the label shows it where operators look.
        labels: { 'lattice.plugin': plugin.name, 'lattice.db-name': plugin.db_name ?? plugin.name },
        depends_on: { mongo: healthy, rabbitmq: healthy, redis: healthy, ...(plugin.name === 'search' ? onEngine : {}) },
      },
    ]),
  );
  const services: Record<string, unknown> = {
    ...hosts,
    gateway: {
      ...role(['gateway'], { LATTICE_PLUGIN_URL_TEMPLATE: 'http://plugin-{name}-api:4000' }, 3300),
      depends_on: Object.fromEntries(Object.keys(hosts).map((name) => [name, healthy])),
    },
    // The UI on 3000, and the phone app (`/mobile-app/`) on 4100.
    frontend: { ...role(['frontend'], { LATTICE_GATEWAY_URL: 'http://gateway:3300', LATTICE_MOBILE_PORT: '4100' }, 3000), depends_on: { gateway: healthy } },
    // The website messenger's service, where its plugin is enabled (`docker compose up --scale widgets=2` works: Redis carries its events).
    ...(widgetsEnabled
      ? { widgets: { ...role(['widgets'], { RABBITMQ_URL: urls.RABBITMQ_URL, REDIS_URL: urls.REDIS_URL }, 3200), depends_on: { rabbitmq: healthy, redis: healthy, 'plugin-messenger-api': healthy } } }
      : {}),
    // The dashboard (`dashboard` in configs.json): its API asks each plugin host over RabbitMQ and hears revoked sessions on Redis.
    ...(dashboardEnabled
      ? {
          'dashboard-api': {
            ...role(['dashboard-api'], { PORT: '4300', ...urls, JWT_TOKEN_SECRET: secrets.jwtTokenSecret }, 4300),
            depends_on: { mongo: healthy, rabbitmq: healthy, redis: healthy },
          },
          'dashboard-front': { ...role(['dashboard-front'], { PORT: '4200', LATTICE_DASHBOARD_API_URL: 'http://dashboard-api:4300' }, 4200), depends_on: { 'dashboard-api': healthy } },
        }
      : {}),
    nginx: {
      image: 'nginx:1.27',
      ports: ['80:80', '443:443'],
      // nginx.conf: `lattice generate nginx --upstream frontend=frontend:3000 --upstream gateway=gateway:3300 --upstream integrations=gateway:3400 --upstream mobile-app=frontend:4100`
      // (and `--upstream widgets=widgets:3200` with the messenger, `--upstream dashboard-front=dashboard-front:4200
      // --upstream dashboard-api=dashboard-api:4300` with the dashboard).
      volumes: ['./nginx.conf:/etc/nginx/conf.d/default.conf:ro', '/etc/letsencrypt:/etc/letsencrypt:ro', '/var/www/letsencrypt:/var/www/letsencrypt:ro'],
      depends_on: {
        frontend: healthy,
        gateway: healthy,
        ...(widgetsEnabled ? { widgets: healthy } : {}),
        ...(dashboardEnabled ? { 'dashboard-api': healthy, 'dashboard-front': healthy } : {}),
      },
      restart: 'unless-stopped',
    },
    mongo: {
      image: 'mongo:7',
      // A replica set with authorization needs a key file; it is made from the database password at start.
      entrypoint: [
        'bash',
        '-c',
        'printf %s "$$MONGO_KEYFILE" > /data/configdb/keyfile && chmod 400 /data/configdb/keyfile && chown mongodb:mongodb /data/configdb/keyfile && exec docker-entrypoint.sh mongod --replSet rs0 --bind_ip_all --keyFile /data/configdb/keyfile',
      ],
      environment: literally({
        MONGO_INITDB_ROOT_USERNAME: secrets.mongoUser,
        MONGO_INITDB_ROOT_PASSWORD: secrets.mongoPassword,
        MONGO_KEYFILE: createHash('sha256').update(`lattice-mongo-keyfile:${secrets.mongoPassword}`).digest('base64'),
      }),
      healthcheck: {
        // Initiates rs0 the first time, then is healthy once this member is the writable primary.
        test: [
          'CMD-SHELL',
          `mongosh --quiet -u "$$MONGO_INITDB_ROOT_USERNAME" -p "$$MONGO_INITDB_ROOT_PASSWORD" --authenticationDatabase admin --eval "try { rs.status() } catch (error) { rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: 'mongo:27017' }] }) } db.hello().isWritablePrimary || quit(1)"`,
        ],
        ...mongoHealth,
      },
      volumes: ['mongo-data:/data/db'],
      restart: 'unless-stopped',
    },
    redis: {
      image: 'redis:7',
      command: ['sh', '-c', 'exec redis-server --requirepass "$$REDIS_PASSWORD" --appendonly yes'],
      environment: literally({ REDIS_PASSWORD: secrets.redisPassword, REDISCLI_AUTH: secrets.redisPassword }),
      healthcheck: { test: ['CMD', 'redis-cli', 'ping'], interval: '2s', timeout: '2s', retries: 30 },
      volumes: ['redis-data:/data'],
      restart: 'unless-stopped',
    },
    rabbitmq: {
      image: 'rabbitmq:3.13-management',
      entrypoint: [
        'bash',
        '-c',
        'printf %s "$$RABBITMQ_COOKIE" > /var/lib/rabbitmq/.erlang.cookie && chown rabbitmq:rabbitmq /var/lib/rabbitmq/.erlang.cookie && chmod 400 /var/lib/rabbitmq/.erlang.cookie && exec docker-entrypoint.sh rabbitmq-server',
      ],
      environment: literally({
        RABBITMQ_DEFAULT_USER: secrets.rabbitUser,
        RABBITMQ_DEFAULT_PASS: secrets.rabbitPass,
        RABBITMQ_DEFAULT_VHOST: secrets.rabbitVhost || '/',
        RABBITMQ_COOKIE: secrets.rabbitCookie,
      }),
      healthcheck: { test: ['CMD', 'rabbitmq-diagnostics', '-q', 'ping'], interval: '5s', timeout: '5s', retries: 30 },
      volumes: ['rabbitmq-data:/var/lib/rabbitmq'],
      restart: 'unless-stopped',
    },
  };
  const volumes: Record<string, null> = { 'mongo-data': null, 'redis-data': null, 'rabbitmq-data': null };
  if (search?.runsEngine) {
    services.opensearch = {
      image: OPENSEARCH_IMAGE,
      // One node on the compose network; its security plugin is off because only Lattice's roles reach it.
      environment: { 'discovery.type': 'single-node', DISABLE_SECURITY_PLUGIN: 'true', DISABLE_INSTALL_DEMO_CONFIG: 'true', OPENSEARCH_JAVA_OPTS: '-Xms1g -Xmx1g' },
      // SPEC.md: bound to 127.0.0.1 only.
      ports: ['127.0.0.1:9200:9200'],
      healthcheck: { test: ['CMD-SHELL', 'curl -fs http://127.0.0.1:9200/_cluster/health || exit 1'], interval: '5s', timeout: '3s', retries: 60 },
      volumes: ['opensearch-data:/usr/share/opensearch/data'],
      restart: 'unless-stopped',
    };
    volumes['opensearch-data'] = null;
  }
  if (search?.essyncer) {
    services.essyncer = {
      ...role(['essyncer'], { PORT: String(ESSYNCER_PORT), MONGO_URL: urls.MONGO_URL, ELASTICSEARCH_URL: search.url }, ESSYNCER_PORT),
      depends_on: { mongo: healthy, ...onEngine },
    };
  }
  const header = `# Lattice on one machine: written by \`lattice generate compose\` from configs.json (${configs.domain}).\n# It holds configs.json's secrets: keep it as private as configs.json.\n`;
  return header + stringify({ services, volumes }, { version: '1.1', lineWidth: 0, nullStr: '', aliasDuplicateObjects: false });
}
