/**
 * The restricted Pod Security Standard (kubernetes.io/docs/concepts/security/pod-security-standards, its
 * "Baseline" and "Restricted" tables), as an admission controller enforcing `restricted` checks a pod spec:
 * what it would refuse, one line per rule broken; empty when the pod would be admitted.
 */
export interface PodSpecLike {
  hostNetwork?: boolean;
  hostPID?: boolean;
  hostIPC?: boolean;
  securityContext?: SecurityContextLike & { sysctls?: unknown[] };
  containers: ContainerLike[];
  initContainers?: ContainerLike[];
  ephemeralContainers?: ContainerLike[];
  volumes?: Array<Record<string, unknown> & { name: string }>;
}

interface SecurityContextLike {
  runAsNonRoot?: boolean;
  runAsUser?: number;
  seccompProfile?: { type?: string };
  seLinuxOptions?: { type?: string };
  windowsOptions?: { hostProcess?: boolean };
}

interface ContainerLike {
  name: string;
  ports?: Array<{ hostPort?: number }>;
  securityContext?: SecurityContextLike & {
    privileged?: boolean;
    allowPrivilegeEscalation?: boolean;
    capabilities?: { add?: string[]; drop?: string[] };
    procMount?: string;
  };
}

// Restricted: only these volume types (no hostPath and the like).
const ALLOWED_VOLUMES = new Set(['configMap', 'csi', 'downwardAPI', 'emptyDir', 'ephemeral', 'persistentVolumeClaim', 'projected', 'secret']);

export function podSecurityProblems(pod: PodSpecLike): string[] {
  const problems: string[] = [];
  const podContext = pod.securityContext ?? {};
  if (pod.hostNetwork || pod.hostPID || pod.hostIPC) problems.push('host namespaces (hostNetwork, hostPID or hostIPC)');
  if (podContext.windowsOptions?.hostProcess) problems.push('a Windows HostProcess pod');
  if (podContext.sysctls?.length) problems.push('sysctls set (only the safe set is allowed; none is needed)');
  for (const volume of pod.volumes ?? []) {
    const type = Object.keys(volume).find((key) => key !== 'name');
    if (!type || !ALLOWED_VOLUMES.has(type)) problems.push(`volume ${volume.name} of type ${type ?? 'none'}`);
  }
  const seccompOk = (type: string | undefined) => type === 'RuntimeDefault' || type === 'Localhost';
  for (const container of [...pod.containers, ...(pod.initContainers ?? []), ...(pod.ephemeralContainers ?? [])]) {
    const where = `container ${container.name}`;
    const context = container.securityContext ?? {};
    if (context.privileged) problems.push(`${where}: privileged`);
    if (context.allowPrivilegeEscalation !== false) problems.push(`${where}: allowPrivilegeEscalation is not false`);
    if (!(context.capabilities?.drop ?? []).includes('ALL')) problems.push(`${where}: capabilities do not drop ALL`);
    const added = (context.capabilities?.add ?? []).filter((capability) => capability !== 'NET_BIND_SERVICE');
    if (added.length) problems.push(`${where}: adds capabilities ${added.join(', ')}`);
    if (container.ports?.some((port) => port.hostPort)) problems.push(`${where}: a hostPort`);
    if (context.procMount && context.procMount !== 'Default') problems.push(`${where}: procMount ${context.procMount}`);
    const runAsNonRoot = context.runAsNonRoot ?? podContext.runAsNonRoot;
    if (runAsNonRoot !== true) problems.push(`${where}: runAsNonRoot is not true`);
    const user = context.runAsUser ?? podContext.runAsUser;
    // The kubelet can check runAsNonRoot only against a numeric user: the image's USER name it cannot read.
    if (user === undefined || !Number.isInteger(user)) problems.push(`${where}: no numeric runAsUser`);
    else if (user === 0) problems.push(`${where}: runAsUser 0`);
    if (!seccompOk(context.seccompProfile?.type ?? podContext.seccompProfile?.type)) problems.push(`${where}: seccomp profile is not RuntimeDefault or Localhost`);
    const seLinux = context.seLinuxOptions?.type ?? podContext.seLinuxOptions?.type;
    if (seLinux && !['container_t', 'container_init_t', 'container_kvm_t'].includes(seLinux)) problems.push(`${where}: SELinux type ${seLinux}`);
  }
  return problems;
}
