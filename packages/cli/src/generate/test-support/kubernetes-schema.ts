import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';

const models = { Deployment, HorizontalPodAutoscaler, Ingress, NetworkPolicy, PodDisruptionBudget, ConfigMap, Secret, Service } as const;

/** Validates one manifest against the Kubernetes 1.27 JSON Schema of its kind (kubernetes-models); throws what is wrong. */
export function validateManifest(manifest: { kind?: string }): void {
  const Model = models[manifest.kind as keyof typeof models];
  if (!Model) throw new Error(`no schema for kind ${manifest.kind}`);
  // Each model's constructor takes its own type; the document comes from YAML, which validate() then checks.
  new Model(manifest as never).validate();
}
