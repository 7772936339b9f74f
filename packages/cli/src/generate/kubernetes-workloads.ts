/** One Lattice role as a Kubernetes workload: its Deployment, Service and (for plugin hosts) autoscaler. */
export interface Workload {
  name: string;
  image: string;
  args: string[];
  ports: Array<{ name: string; port: number }>;
  env?: Record<string, string>;
  resources: { cpu: string; memory: string; cpuLimit: string; memoryLimit: string };
}

const labelsOf = (name: string) => ({ 'app.kubernetes.io/name': name, 'app.kubernetes.io/part-of': 'lattice' });

const probe = (path: string, port: number, periodSeconds: number, failureThreshold: number) => ({
  httpGet: { path, port },
  periodSeconds,
  timeoutSeconds: 2,
  failureThreshold,
});

export function deployment(workload: Workload) {
  const port = workload.ports[0]!.port;
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: workload.name, labels: labelsOf(workload.name) },
    spec: {
      replicas: 1,
      selector: { matchLabels: labelsOf(workload.name) },
      template: {
        metadata: { labels: labelsOf(workload.name) },
        spec: {
          // A host answers 503 on /health/ready for 1.5 s after SIGTERM, then drains its requests and messages.
          terminationGracePeriodSeconds: 30,
          securityContext: { runAsNonRoot: true },
          containers: [
            {
              name: 'lattice',
              image: workload.image,
              args: workload.args,
              ports: workload.ports.map(({ name, port: containerPort }) => ({ name, containerPort })),
              envFrom: [{ configMapRef: { name: 'lattice-config' } }, { secretRef: { name: 'lattice-secrets' } }],
              env: Object.entries(workload.env ?? {}).map(([name, value]) => ({ name, value })),
              readinessProbe: probe('/health/ready', port, 2, 3),
              livenessProbe: probe('/health/live', port, 10, 3),
              startupProbe: probe('/health/live', port, 2, 60),
              resources: {
                requests: { cpu: workload.resources.cpu, memory: workload.resources.memory },
                limits: { cpu: workload.resources.cpuLimit, memory: workload.resources.memoryLimit },
              },
              securityContext: { allowPrivilegeEscalation: false },
              volumeMounts: [{ name: 'configs', mountPath: '/app/configs.json', subPath: 'configs.json', readOnly: true }],
            },
          ],
          volumes: [{ name: 'configs', configMap: { name: 'lattice-config', items: [{ key: 'configs.json', path: 'configs.json' }] } }],
        },
      },
    },
  };
}

export function service(workload: Workload) {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: workload.name, labels: labelsOf(workload.name) },
    spec: {
      selector: labelsOf(workload.name),
      ports: workload.ports.map(({ name, port }) => ({ name, port, targetPort: port })),
    },
  };
}

export function autoscaler(workload: Workload) {
  return {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: workload.name, labels: labelsOf(workload.name) },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: workload.name },
      minReplicas: 2,
      maxReplicas: 10,
      metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } }],
    },
  };
}

/** A service outside the cluster (MongoDB, RabbitMQ, Redis), reached in it by a stable name. */
export function externalService(name: string, host: string) {
  return { apiVersion: 'v1', kind: 'Service', metadata: { name, labels: labelsOf(name) }, spec: { type: 'ExternalName', externalName: host } };
}
