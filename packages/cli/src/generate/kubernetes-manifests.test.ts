import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseAllDocuments } from 'yaml';
import { loadConfigs } from '../config/load-configs.js';
import { assertGolden, goldenDir } from './test-support/golden-file.js';
import { renderKubernetes } from './kubernetes-manifests.js';
import { validateManifest } from './test-support/kubernetes-schema.js';
import { podSecurityProblems, type PodSpecLike } from './test-support/pod-security.js';

const productionConfigs = new URL('configs.production.json', goldenDir).pathname;

interface Manifest {
  kind: string;
  metadata: { name: string };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  spec?: {
    template?: { spec: { containers: Array<{ args: string[]; readinessProbe: { httpGet: { path: string } }; livenessProbe: { httpGet: { path: string } }; resources: object; env: object[] }> } };
    scaleTargetRef?: { name: string };
    tls?: Array<{ hosts: string[] }>;
    type?: string;
  };
}
const manifests = (text: string) => parseAllDocuments(text).map((document) => document.toJS() as Manifest);

describe('lattice generate kubernetes', () => {
  it('writes the golden file, every manifest valid by the Kubernetes 1.27 schema of its kind', async () => {
    const text = renderKubernetes(productionConfigs, await loadConfigs(productionConfigs));
    for (const manifest of manifests(text)) assert.doesNotThrow(() => validateManifest(manifest), `${manifest.kind} ${manifest.metadata.name}`);
    await assertGolden('kubernetes.yml', text);
  });

  it('the schema check can fail', () => {
    assert.throws(() => validateManifest({ kind: 'Deployment', metadata: { name: 'x' }, spec: { replicas: 'two' } } as never));
  });

  it('gives each plugin host a Deployment with probes and resources, a Service and an autoscaler', async () => {
    const all = manifests(renderKubernetes(productionConfigs, await loadConfigs(productionConfigs)));
    const named = (kind: string) => all.filter((manifest) => manifest.kind === kind).map((manifest) => manifest.metadata.name);
    // configs.production.json enables elasticsearch: the search subgraph is a host like a plugin's, on OpenSearch outside the cluster.
    const hosts = ['plugin-core-api', 'plugin-documents-api', 'plugin-contacts-api', 'plugin-inbox-api', 'plugin-imap-api', 'plugin-messenger-api', 'plugin-search-api'];
    assert.deepEqual(named('Deployment'), [...hosts, 'gateway', 'frontend', 'widgets', 'dashboard-api', 'dashboard-front']);
    assert.deepEqual(named('HorizontalPodAutoscaler'), [...hosts, 'gateway', 'frontend', 'widgets', 'dashboard-api', 'dashboard-front']);
    assert.deepEqual(named('PodDisruptionBudget'), [...hosts, 'gateway', 'frontend', 'widgets', 'dashboard-api', 'dashboard-front']);
    assert.deepEqual(named('Service'), ['lattice-mongo', 'lattice-rabbitmq', 'lattice-redis', 'lattice-opensearch', ...hosts, 'gateway', 'frontend', 'widgets', 'dashboard-api', 'dashboard-front']);
    const search = all.find((manifest) => manifest.kind === 'Deployment' && manifest.metadata.name === 'plugin-search-api')!.spec!.template!.spec.containers[0]!;
    assert.deepEqual(search.env, [{ name: 'ELASTICSEARCH_URL', value: 'http://lattice-opensearch:9200' }]);
    const stripped = all.find((manifest) => manifest.kind === 'Ingress' && manifest.metadata.name === 'lattice-stripped') as unknown as {
      spec: { rules: Array<{ http: { paths: Array<{ path: string; backend: { service: { name: string; port: { number: number } } } }> } }> };
    };
    const widgetsPath = stripped.spec.rules[0]!.http.paths.find((entry) => entry.path.startsWith('/widgets'));
    assert.deepEqual(widgetsPath?.backend.service, { name: 'widgets', port: { number: 3200 } });
    const inbox = all.find((manifest) => manifest.kind === 'Deployment' && manifest.metadata.name === 'plugin-inbox-api')!.spec!.template!.spec.containers[0]!;
    assert.deepEqual(inbox.args, ['host', 'inbox']);
    assert.equal(inbox.readinessProbe.httpGet.path, '/health/ready');
    assert.equal(inbox.livenessProbe.httpGet.path, '/health/live');
    const imap = all.find((manifest) => manifest.kind === 'Deployment' && manifest.metadata.name === 'plugin-imap-api')!.spec!.template!.spec.containers[0]!;
    assert.deepEqual(imap.env, [{ name: 'IMAP_RECEIVE_LIMIT_MB', value: '50' }]);
    assert.ok(all.filter((manifest) => manifest.kind === 'Ingress').every((ingress) => ingress.spec?.tls?.[0]?.hosts[0] === 'lattice.example.com'));
    assert.ok(all.filter((manifest) => manifest.metadata.name.startsWith('lattice-') && manifest.kind === 'Service').every((external) => external.spec?.type === 'ExternalName'));
  });

  it('runs the dashboard with `dashboard`: its roles on 4300 and 4200, /dashboard/api/ and /dashboard/front/ stripped, /dashboard/front redirected to its slash', async () => {
    const configs = await loadConfigs(productionConfigs);
    const all = manifests(renderKubernetes(productionConfigs, configs));
    const container = (name: string) => all.find((manifest) => manifest.kind === 'Deployment' && manifest.metadata.name === name)!.spec!.template!.spec.containers[0]!;
    assert.deepEqual(container('dashboard-api').args, ['dashboard-api']);
    assert.deepEqual(container('dashboard-api').env, [{ name: 'PORT', value: '4300' }]);
    assert.deepEqual(container('dashboard-front').env, [
      { name: 'PORT', value: '4200' },
      { name: 'LATTICE_DASHBOARD_API_URL', value: 'http://dashboard-api:4300' },
    ]);
    type Ingress = { metadata: { annotations: Record<string, string> }; spec: { rules: Array<{ http: { paths: Array<{ path: string; pathType: string; backend: { service: { name: string; port: { number: number } } } }> } }> } };
    const ingress = (name: string) => all.find((manifest) => manifest.kind === 'Ingress' && manifest.metadata.name === name) as unknown as Ingress;
    const routes = (name: string) => ingress(name).spec.rules[0]!.http.paths.map((entry) => [entry.path, entry.pathType, entry.backend.service.name, entry.backend.service.port.number]);
    assert.deepEqual(routes('lattice-dashboard'), [
      ['/dashboard/front/(.*)', 'ImplementationSpecific', 'dashboard-front', 4200],
      ['/dashboard/api/(.*)', 'ImplementationSpecific', 'dashboard-api', 4300],
    ]);
    assert.equal(ingress('lattice-dashboard').metadata.annotations['nginx.ingress.kubernetes.io/rewrite-target'], '/$1');
    assert.deepEqual(routes('lattice-dashboard-slash'), [['/dashboard/front', 'Exact', 'dashboard-front', 4200]]);
    assert.equal(ingress('lattice-dashboard-slash').metadata.annotations['nginx.ingress.kubernetes.io/permanent-redirect'], 'https://lattice.example.com/dashboard/front/');
    const without = manifests(renderKubernetes(productionConfigs, { ...configs, dashboard: undefined }));
    assert.deepEqual(without.filter((manifest) => manifest.metadata.name.includes('dashboard')), []);
  });

  it('runs one essyncer (no autoscaler) with essyncer', async () => {
    const configs = await loadConfigs(productionConfigs);
    const all = manifests(renderKubernetes(productionConfigs, { ...configs, essyncer: {} }));
    const essyncer = all.filter((manifest) => manifest.metadata.name === 'essyncer');
    assert.deepEqual(essyncer.map((manifest) => manifest.kind), ['Deployment']);
    assert.deepEqual(essyncer[0]!.spec!.template!.spec.containers[0]!.args, ['essyncer']);
  });

  it('keeps every secret out of the ConfigMap and puts them in the Secret', async () => {
    const configs = await loadConfigs(productionConfigs);
    const all = manifests(renderKubernetes(productionConfigs, configs));
    const configMap = JSON.stringify(all.find((manifest) => manifest.kind === 'ConfigMap')!.data);
    for (const secret of [configs.jwt_token_secret, configs.mongo!.password!, configs.redis!.password!, configs.rabbitmq!.pass!, configs.rabbitmq!.cookie!]) {
      assert.ok(!configMap.includes(secret), `the ConfigMap holds ${secret}`);
    }
    const secret = all.find((manifest) => manifest.kind === 'Secret')!.stringData!;
    assert.equal(secret.JWT_TOKEN_SECRET, configs.jwt_token_secret);
    assert.match(secret.MONGO_URL!, /^mongodb:\/\/lattice:golden-test-only-mongo@lattice-mongo:27017\/\?authSource=admin&replicaSet=rs0$/);
  });

  it('every pod would be admitted under the restricted Pod Security Standard', async () => {
    const configs = await loadConfigs(productionConfigs);
    const all = manifests(renderKubernetes(productionConfigs, { ...configs, essyncer: {} })) as unknown as Array<{ kind: string; metadata: { name: string }; spec: { template: { spec: PodSpecLike } } }>;
    const pods = all.filter((manifest) => manifest.kind === 'Deployment');
    assert.equal(pods.length, 13);
    for (const pod of pods) assert.deepEqual(podSecurityProblems(pod.spec.template.spec), [], pod.metadata.name);
    // The check can fail: the pod spec the issue found (runAsNonRoot with the image's user name, nothing else).
    const refused = podSecurityProblems({ securityContext: { runAsNonRoot: true }, containers: [{ name: 'lattice', securityContext: {} }], volumes: [{ name: 'root', hostPath: { path: '/' } }] });
    assert.deepEqual(refused, [
      'volume root of type hostPath',
      'container lattice: allowPrivilegeEscalation is not false',
      'container lattice: capabilities do not drop ALL',
      'container lattice: no numeric runAsUser',
      'container lattice: seccomp profile is not RuntimeDefault or Localhost',
    ]);
    assert.deepEqual(podSecurityProblems({ hostNetwork: true, securityContext: { runAsNonRoot: true, runAsUser: 0, seccompProfile: { type: 'Unconfined' } }, containers: [{ name: 'c', securityContext: { privileged: true, allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } } }] }), [
      'host namespaces (hostNetwork, hostPID or hostIPC)',
      'container c: privileged',
      'container c: runAsUser 0',
      'container c: seccomp profile is not RuntimeDefault or Localhost',
    ]);
  });

  it('runs the gateway and the front-end like every scaled role: 2 replicas, an autoscaler from 2, a budget keeping 1 up', async () => {
    const all = manifests(renderKubernetes(productionConfigs, await loadConfigs(productionConfigs))) as unknown as Array<{ kind: string; metadata: { name: string }; spec: Record<string, unknown> }>;
    const of = (kind: string, name: string) => all.find((manifest) => manifest.kind === kind && manifest.metadata.name === name)!.spec;
    for (const name of ['gateway', 'frontend', 'plugin-documents-api']) {
      assert.equal(of('Deployment', name).replicas, 2, name);
      assert.equal(of('HorizontalPodAutoscaler', name).minReplicas, 2, name);
      assert.equal(of('PodDisruptionBudget', name).minAvailable, 1, name);
    }
  });

  it('lets only the gateway reach the plugin hosts, and only the data clients leave for the data services', async () => {
    type Policy = { kind: string; metadata: { name: string }; spec: { podSelector: { matchLabels: Record<string, string> }; policyTypes: string[]; ingress?: Array<{ from?: object[]; ports?: Array<{ port: number }> }>; egress?: Array<{ to?: object[]; ports?: Array<{ port: number }> }> } };
    const all = manifests(renderKubernetes(productionConfigs, await loadConfigs(productionConfigs))) as unknown as Policy[];
    const policies = all.filter((manifest) => manifest.kind === 'NetworkPolicy');
    const named = (name: string) => policies.find((policy) => policy.metadata.name === name)!.spec;
    assert.deepEqual(named('lattice-default-deny'), { podSelector: { matchLabels: { 'app.kubernetes.io/part-of': 'lattice' } }, policyTypes: ['Ingress'], ingress: [] });
    assert.deepEqual(named('lattice-plugin-hosts').ingress, [
      { from: [{ podSelector: { matchLabels: { 'app.kubernetes.io/part-of': 'lattice', 'app.kubernetes.io/component': 'gateway' } } }], ports: [{ protocol: 'TCP', port: 4000 }] },
    ]);
    const dataPorts = [27017, 5672, 6379, 9200];
    for (const name of ['lattice-gateway', 'lattice-frontend', 'lattice-dashboard-front']) {
      const spec = named(name);
      assert.ok(spec.policyTypes.includes('Egress'), `${name} is held on the way out`);
      const open = spec.egress!.flatMap((rule) => (rule.ports ?? []).map(({ port }) => port));
      assert.deepEqual(open.filter((port) => dataPorts.includes(port)), [], `${name} reaches no data service`);
    }
    // Every pod is under one policy that names it: the host pods carry the component the policies select.
    const host = all.find((manifest) => manifest.kind === 'Deployment' && manifest.metadata.name === 'plugin-inbox-api') as unknown as { spec: { template: { metadata: { labels: Record<string, string> } } } };
    assert.equal(host.spec.template.metadata.labels['app.kubernetes.io/component'], 'plugin-host');
  });

  it('carries the 32k header buffer and 50 MB bodies to ingress-nginx', async () => {
    const all = manifests(renderKubernetes(productionConfigs, await loadConfigs(productionConfigs))) as unknown as Array<{ kind: string; metadata: { name: string; namespace?: string; annotations?: Record<string, string> }; data?: Record<string, string> }>;
    const controller = all.find((manifest) => manifest.kind === 'ConfigMap' && manifest.metadata.name === 'ingress-nginx-controller')!;
    assert.equal(controller.metadata.namespace, 'ingress-nginx');
    assert.equal(controller.data!['large-client-header-buffers'], '4 32k');
    for (const ingress of all.filter((manifest) => manifest.kind === 'Ingress')) {
      assert.equal(ingress.metadata.annotations!['nginx.ingress.kubernetes.io/proxy-body-size'], '50m', ingress.metadata.name);
    }
  });

  it('refuses a loopback data-service address, saying why', async () => {
    const configs = await loadConfigs(productionConfigs);
    for (const address of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.1.2.3', 'db.localhost', '0.0.0.0']) {
      assert.throws(() => renderKubernetes(productionConfigs, { ...configs, db_server_address: address }), /"db_server_address" is ".*", a loopback address: in Kubernetes every pod is its own machine/, address);
    }
    assert.throws(
      () => renderKubernetes(productionConfigs, { ...configs, elasticsearch: { ...configs.elasticsearch, url: 'http://localhost:9200' } }),
      /"elasticsearch.url" is "localhost", a loopback address/,
    );
  });

  it('refuses configs without db_server_address, naming the key', async () => {
    const configs = await loadConfigs(productionConfigs);
    assert.throws(() => renderKubernetes(productionConfigs, { ...configs, db_server_address: '' }), /"db_server_address" is required for Kubernetes/);
  });
});
