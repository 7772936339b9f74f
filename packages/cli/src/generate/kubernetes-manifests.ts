import { stringify } from 'yaml';
import { ConfigError } from '../config/config-error.js';
import type { Configs } from '../config/configs-schema.js';
import { latticeImage } from './compose-file.js';
import { deploymentSecrets, deploymentServiceUrls, hostedPlugins } from './deployment-secrets.js';
import { INGRESS_NAMESPACE, networkPolicies } from './kubernetes-network-policies.js';
import { autoscaler, deployment, disruptionBudget, externalService, service, type Workload } from './kubernetes-workloads.js';
import { refuseLoopback } from './loopback-address.js';
import { publicOrigin } from './public-origin.js';
import { ESSYNCER_PORT, searchWiring } from './search-wiring.js';

const hostResources = { cpu: '250m', memory: '256Mi', cpuLimit: '1', memoryLimit: '512Mi' };

/**
 * Kubernetes manifests (checked against 1.27's schemas): a Deployment, Service and autoscaler per plugin host
 * (`plugin-<name>-api`, the gateway's URL template), the gateway and the front-end (and the dashboard's API and front-end with `dashboard`); configs.json without its
 * secrets in a ConfigMap, the secrets in a Secret, and an ingress-nginx Ingress with TLS. MongoDB, RabbitMQ and
 * Redis stay outside the cluster at `db_server_address`.
 */
export function renderKubernetes(file: string, configs: Configs): string {
  const site = publicOrigin(file, 'domain', configs.domain);
  const secrets = deploymentSecrets(file, configs);
  const external = configs.db_server_address;
  if (!external) throw new ConfigError(file, 'db_server_address', 'is required for Kubernetes: the host of MongoDB (rs0), RabbitMQ and Redis outside the cluster');
  refuseLoopback(file, 'db_server_address', external);
  if (configs.elasticsearch?.url) refuseLoopback(file, 'elasticsearch.url', new URL(configs.elasticsearch.url).hostname);
  const image = latticeImage(configs);
  // OpenSearch, like MongoDB, stays outside the cluster: at elasticsearch.url, else at db_server_address.
  const search = searchWiring(configs, 'lattice-opensearch');
  const hosts: Workload[] = [...hostedPlugins(configs), ...(search ? [search.host] : [])].map((plugin) => ({
    name: `plugin-${plugin.name}-api`,
    image,
    args: ['host', plugin.name],
    ports: [{ name: 'http', port: 4000 }],
    env: plugin.extra_env,
    resources: hostResources,
    component: 'plugin-host',
    scaled: true,
  }));
  const gateway: Workload = {
    name: 'gateway',
    image,
    args: ['gateway'],
    ports: [{ name: 'http', port: 3300 }, { name: 'integrations', port: 3400 }],
    resources: { cpu: '500m', memory: '256Mi', cpuLimit: '2', memoryLimit: '512Mi' },
    component: 'gateway',
    scaled: true,
  };
  const frontend: Workload = { name: 'frontend', image, args: ['frontend'], ports: [{ name: 'http', port: 3000 }, { name: 'mobile-app', port: 4100 }], resources: hostResources, component: 'frontend', scaled: true };
  // The website messenger's service, where its plugin is enabled; it scales like a plugin host (Redis carries its events).
  const widgets: Workload[] = configs.plugins.some((plugin) => plugin.name === 'messenger')
    ? [{ name: 'widgets', image, args: ['widgets'], ports: [{ name: 'http', port: 3200 }], resources: hostResources, component: 'widgets', scaled: true }]
    : [];
  // The dashboard (`dashboard` in configs.json): replicas share nothing but RabbitMQ and Redis, so both scale like a host.
  const dashboard: Workload[] = configs.dashboard
    ? [
        { name: 'dashboard-api', image, args: ['dashboard-api'], ports: [{ name: 'http', port: 4300 }], env: { PORT: '4300' }, resources: hostResources, component: 'dashboard-api', scaled: true },
        { name: 'dashboard-front', image, args: ['dashboard-front'], ports: [{ name: 'http', port: 4200 }], env: { PORT: '4200', LATTICE_DASHBOARD_API_URL: 'http://dashboard-api:4300' }, resources: hostResources, component: 'dashboard-front', scaled: true },
      ]
    : [];
  // The roles read the plugin list from configs.json; the credentials reach them only through the Secret.
  const { redis: _redis, mongo: _mongo, rabbitmq: _rabbitmq, ...withoutSecrets } = configs;
  const configMap = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'lattice-config' },
    data: {
      NODE_ENV: 'production',
      PORT: '4000',
      LATTICE_LISTEN_HOST: '0.0.0.0',
      LATTICE_PLUGIN_URL_TEMPLATE: 'http://plugin-{name}-api:4000',
      LATTICE_GATEWAY_URL: 'http://gateway:3300',
      'configs.json': `${JSON.stringify({ ...withoutSecrets, jwt_token_secret: '<JWT_SECRET: in the lattice-secrets Secret>', db_server_address: '' }, null, 2)}\n`,
    },
  };
  const secret = {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: 'lattice-secrets' },
    type: 'Opaque',
    stringData: { JWT_TOKEN_SECRET: secrets.jwtTokenSecret, ...deploymentServiceUrls(secrets, { mongo: 'lattice-mongo', rabbitmq: 'lattice-rabbitmq', redis: 'lattice-redis' }) },
  };
  const tls = [{ hosts: [site.hostname], secretName: 'lattice-tls' }];
  // SPEC.md "Limits" and "Transport" in ingress-nginx's words. The request header buffer is the controller's
  // own setting (no annotation sets it): the ConfigMap below carries it.
  const proxyAnnotations = {
    'nginx.ingress.kubernetes.io/proxy-body-size': '50m',
    'nginx.ingress.kubernetes.io/client-body-buffer-size': '1m',
    'nginx.ingress.kubernetes.io/proxy-buffer-size': '32k',
    'nginx.ingress.kubernetes.io/proxy-read-timeout': '3600',
    'nginx.ingress.kubernetes.io/ssl-redirect': 'true',
  };
  const path = (pattern: string, name: string, port: number, pathType: string) => ({ path: pattern, pathType, backend: { service: { name, port: { number: port } } } });
  const ingress = (name: string, annotations: Record<string, string>, paths: ReturnType<typeof path>[]) => ({
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    metadata: { name, annotations: { ...proxyAnnotations, ...annotations } },
    spec: { ingressClassName: 'nginx', tls, rules: [{ host: site.hostname, http: { paths } }] },
  });
  const essyncer: Workload[] = search?.essyncer
    ? [{ name: 'essyncer', image, args: ['essyncer'], ports: [{ name: 'http', port: ESSYNCER_PORT }], env: { PORT: String(ESSYNCER_PORT), ELASTICSEARCH_URL: search.url }, resources: hostResources, component: 'essyncer', scaled: false }]
    : [];
  const scaled = [...hosts, gateway, frontend, ...widgets, ...dashboard];
  // ingress-nginx's controller settings, merged into its ConfigMap by `kubectl apply` (its standard install's
  // name and namespace): SPEC.md's 32k request header buffer and 50 MB bodies for every Ingress it serves.
  const controllerConfig = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'ingress-nginx-controller', namespace: INGRESS_NAMESPACE },
    data: { 'client-header-buffer-size': '32k', 'large-client-header-buffers': '4 32k', 'proxy-body-size': '50m', 'proxy-buffer-size': '32k' },
  };
  const documents = [
    configMap,
    secret,
    externalService('lattice-mongo', external),
    externalService('lattice-rabbitmq', external),
    externalService('lattice-redis', external),
    ...(search?.runsEngine ? [externalService('lattice-opensearch', external)] : []),
    ...scaled.flatMap((workload) => [deployment(workload), service(workload)]),
    // One synchroniser per deployment (two would write every change twice): no autoscaler, no budget.
    ...essyncer.map(deployment),
    ...scaled.map(autoscaler),
    ...scaled.map(disruptionBudget),
    ...networkPolicies([...scaled, ...essyncer]),
    controllerConfig,
    ingress('lattice', {}, [path('/', 'frontend', 3000, 'Prefix')]),
    // The gateway and the integrations ingress serve from their root: the public prefix is stripped.
    ingress('lattice-stripped', { 'nginx.ingress.kubernetes.io/use-regex': 'true', 'nginx.ingress.kubernetes.io/rewrite-target': '/$2', 'nginx.ingress.kubernetes.io/proxy-buffering': 'off' }, [
      path('/gateway(/|$)(.*)', 'gateway', 3300, 'ImplementationSpecific'),
      path('/integrations(/|$)(.*)', 'gateway', 3400, 'ImplementationSpecific'),
      // ingress-nginx forwards websocket upgrades by itself; the long read timeout above keeps them open.
      ...(widgets.length ? [path('/widgets(/|$)(.*)', 'widgets', 3200, 'ImplementationSpecific')] : []),
    ]),
    // The phone app on the front-end's port 4100, unbuffered (live updates); it serves /mobile-app/ as it is.
    ingress('lattice-mobile-app', { 'nginx.ingress.kubernetes.io/proxy-buffering': 'off' }, [path('/mobile-app', 'frontend', 4100, 'Prefix')]),
    // The dashboard serves from its root: the prefix is stripped, and `/dashboard/front` gets its trailing slash
    // first (the app's assets and API are relative to its page), as the generated nginx does.
    ...(dashboard.length
      ? [
          ingress('lattice-dashboard', { 'nginx.ingress.kubernetes.io/use-regex': 'true', 'nginx.ingress.kubernetes.io/rewrite-target': '/$1' }, [
            path('/dashboard/front/(.*)', 'dashboard-front', 4200, 'ImplementationSpecific'),
            path('/dashboard/api/(.*)', 'dashboard-api', 4300, 'ImplementationSpecific'),
          ]),
          ingress('lattice-dashboard-slash', { 'nginx.ingress.kubernetes.io/permanent-redirect': `${site.origin}/dashboard/front/` }, [path('/dashboard/front', 'dashboard-front', 4200, 'Exact')]),
        ]
      : []),
  ];
  // Written as YAML 1.1, which Kubernetes reads: `off` or `on` would otherwise turn into booleans there.
  const header = `# Lattice on Kubernetes: written by \`lattice generate kubernetes\` from configs.json (${configs.domain}).\n# The Secret holds configs.json's credentials: keep this file as private as configs.json.\n`;
  return header + documents.map((document) => stringify(document, { version: '1.1', lineWidth: 0, aliasDuplicateObjects: false })).join('---\n');
}
