import type { Workload, WorkloadComponent } from './kubernetes-workloads.js';

/** The namespace of ingress-nginx's controller (its standard install), the only way in from outside. */
export const INGRESS_NAMESPACE = 'ingress-nginx';

const part = { 'app.kubernetes.io/part-of': 'lattice' };
const fromIngress = { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': INGRESS_NAMESPACE } } };
const pods = (component: WorkloadComponent) => ({ podSelector: { matchLabels: { ...part, 'app.kubernetes.io/component': component } } });
const tcp = (ports: number[]) => ports.map((port) => ({ protocol: 'TCP', port }));
// Names resolve through the cluster's DNS, wherever it runs.
const dns = { ports: [{ protocol: 'UDP', port: 53 }, { protocol: 'TCP', port: 53 }] };

const policy = (name: string, podSelector: object, spec: { ingress?: object[]; egress?: object[] }) => ({
  apiVersion: 'networking.k8s.io/v1',
  kind: 'NetworkPolicy',
  metadata: { name, labels: part },
  spec: { podSelector, policyTypes: [...(spec.ingress ? ['Ingress'] : []), ...(spec.egress ? ['Egress'] : [])], ...spec },
});

/**
 * Who may talk to whom (docs/deploy.md "Kubernetes"): nothing reaches a Lattice pod unless a policy here lets
 * it; only the gateway reaches the plugin hosts; the ingress controller reaches the public roles. MongoDB,
 * RabbitMQ and Redis are outside the cluster, so "only hosts reach them" is said on the way out: the gateway,
 * the front-end and the dashboard's front-end may open connections only to what they serve from (and the
 * front-end to remote UIs over HTTP(S)); the roles that use the data services (plugin hosts, widgets, the
 * dashboard's API, essyncer) keep their way out.
 */
export function networkPolicies(workloads: Workload[]) {
  const ports = (component: WorkloadComponent) => [...new Set(workloads.filter((workload) => workload.component === component).flatMap((workload) => workload.ports.map(({ port }) => port)))];
  const has = (component: WorkloadComponent) => workloads.some((workload) => workload.component === component);
  const policies: object[] = [
    policy('lattice-default-deny', { matchLabels: part }, { ingress: [] }),
    policy('lattice-plugin-hosts', pods('plugin-host').podSelector, { ingress: [{ from: [pods('gateway')], ports: tcp(ports('plugin-host')) }] }),
    policy('lattice-gateway', pods('gateway').podSelector, {
      // The front-end renders with the gateway's GraphQL; the ingress brings /gateway/ and /integrations/.
      ingress: [{ from: [fromIngress, pods('frontend')], ports: tcp(ports('gateway')) }],
      egress: [{ to: [pods('plugin-host')], ports: tcp(ports('plugin-host')) }, dns],
    }),
    policy('lattice-frontend', pods('frontend').podSelector, {
      ingress: [{ from: [fromIngress], ports: tcp(ports('frontend')) }],
      // Remote UI plugins (`ui_url`) are fetched over HTTP(S); no data service listens on these ports.
      egress: [{ to: [pods('gateway')], ports: tcp(ports('gateway')) }, { ports: tcp([80, 443]) }, dns],
    }),
  ];
  if (has('widgets')) policies.push(policy('lattice-widgets', pods('widgets').podSelector, { ingress: [{ from: [fromIngress], ports: tcp(ports('widgets')) }] }));
  if (has('dashboard-api')) {
    policies.push(
      policy('lattice-dashboard-api', pods('dashboard-api').podSelector, { ingress: [{ from: [fromIngress, pods('dashboard-front')], ports: tcp(ports('dashboard-api')) }] }),
      policy('lattice-dashboard-front', pods('dashboard-front').podSelector, {
        ingress: [{ from: [fromIngress], ports: tcp(ports('dashboard-front')) }],
        egress: [{ to: [pods('dashboard-api')], ports: tcp(ports('dashboard-api')) }, dns],
      }),
    );
  }
  return policies;
}
