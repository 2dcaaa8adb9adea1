import * as coreV1 from 'kubernetes-models/v1';
import * as appsV1 from 'kubernetes-models/apps/v1';
import * as batchV1 from 'kubernetes-models/batch/v1';
import * as policyV1 from 'kubernetes-models/policy/v1';
import * as networkingV1 from 'kubernetes-models/networking.k8s.io/v1';
import * as autoscalingV2 from 'kubernetes-models/autoscaling/v2';
import * as kedaV1alpha1 from '@kubernetes-models/keda/keda.sh/v1alpha1';
import type { K8sObject } from './repo';

interface ModelClass {
  apiVersion: string;
  kind: string;
  new (data: unknown): { validate(): void };
}

function isModel(value: unknown): value is ModelClass {
  return (
    typeof value === 'function' &&
    typeof (value as Partial<ModelClass>).apiVersion === 'string' &&
    typeof (value as Partial<ModelClass>).kind === 'string' &&
    typeof (value as { prototype?: { validate?: unknown } }).prototype?.validate === 'function'
  );
}

/** apiVersion/kind -> model class, from the kubernetes-models packages (offline JSON-schema validators). */
const MODELS = new Map<string, ModelClass>();
for (const mod of [coreV1, appsV1, batchV1, policyV1, networkingV1, autoscalingV2, kedaV1alpha1]) {
  for (const value of Object.values(mod)) {
    if (isModel(value)) MODELS.set(`${value.apiVersion}/${value.kind}`, value);
  }
}

export function knownKinds(): string[] {
  return [...MODELS.keys()];
}

/** Validate one object against its schema; returns the problem, or null when it is valid. */
export function validateObject(obj: K8sObject): string | null {
  const model = MODELS.get(`${obj.apiVersion}/${obj.kind}`);
  if (!model) return `no schema for ${obj.apiVersion}/${obj.kind}`;
  try {
    new model(obj).validate();
    return null;
  } catch (error) {
    return `${obj.kind}/${obj.metadata?.name}: ${(error as Error).message}`;
  }
}
