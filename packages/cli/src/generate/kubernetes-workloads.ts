/** One Lattice role as a Kubernetes workload: its Deployment, Service and (for plugin hosts) autoscaler. */
export interface Workload {
  name: string;
  image: string;
  args: string[];
  ports: Array<{ name: string; port: number }>;
  env?: Record<string, string>;
  resources: { cpu: string; memory: string; cpuLimit: string; memoryLimit: string };
  /** What the NetworkPolicies tell apart: plugin hosts are reached only by the gateway. */
  component: WorkloadComponent;
  /** At least two replicas under an autoscaler, kept by a PodDisruptionBudget; false: one replica (essyncer). */
  scaled: boolean;
}

export type WorkloadComponent = 'plugin-host' | 'gateway' | 'frontend' | 'widgets' | 'dashboard-api' | 'dashboard-front' | 'essyncer';

/** The image's `USER` (node's `node` user in the official image), numeric so `runAsNonRoot` can be checked. */
export const IMAGE_UID = 1000;
/** Replicas of every scaled workload, also its autoscaler's floor: one can go while the other serves. */
export const MIN_REPLICAS = 2;

export const labelsOf = (name: string) => ({ 'app.kubernetes.io/name': name, 'app.kubernetes.io/part-of': 'lattice' });
const podLabelsOf = (workload: Workload) => ({ ...labelsOf(workload.name), 'app.kubernetes.io/component': workload.component });

/**
 * What the restricted Pod Security Standard asks of a pod: a numeric non-root user, the runtime's default
 * seccomp profile; and of its container: no privilege escalation, every capability dropped.
 */
const podSecurityContext = { runAsNonRoot: true, runAsUser: IMAGE_UID, runAsGroup: IMAGE_UID, seccompProfile: { type: 'RuntimeDefault' } };
const containerSecurityContext = { allowPrivilegeEscalation: false, privileged: false, capabilities: { drop: ['ALL'] }, runAsNonRoot: true, runAsUser: IMAGE_UID, runAsGroup: IMAGE_UID };

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
      replicas: workload.scaled ? MIN_REPLICAS : 1,
      selector: { matchLabels: labelsOf(workload.name) },
      template: {
        metadata: { labels: podLabelsOf(workload) },
        spec: {
          // A host answers 503 on /health/ready for 1.5 s after SIGTERM, then drains its requests and messages.
          terminationGracePeriodSeconds: 30,
          securityContext: podSecurityContext,
          automountServiceAccountToken: false,
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
              securityContext: containerSecurityContext,
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
      minReplicas: MIN_REPLICAS,
      maxReplicas: 10,
      metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } }],
    },
  };
}

/** At most one pod of a scaled workload goes at a time for a node drain or upgrade. */
export function disruptionBudget(workload: Workload) {
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name: workload.name, labels: labelsOf(workload.name) },
    spec: { minAvailable: MIN_REPLICAS - 1, selector: { matchLabels: labelsOf(workload.name) } },
  };
}

/** A service outside the cluster (MongoDB, RabbitMQ, Redis), reached in it by a stable name. */
export function externalService(name: string, host: string) {
  return { apiVersion: 'v1', kind: 'Service', metadata: { name, labels: labelsOf(name) }, spec: { type: 'ExternalName', externalName: host } };
}
