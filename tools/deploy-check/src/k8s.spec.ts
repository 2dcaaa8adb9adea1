import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { JUDGE_JOB_VERSIONS, JUDGE_QUEUE, judgeQueueName } from '@javelin/contracts';
import { type K8sObject, kustomize, parseYamlStream, repoPath } from './repo';
import { validateObject } from './schemas';

const NAMESPACE = 'javelin';
const SECRET_NAME = 'javelin-secrets';
const OVERLAYS = ['k8s/base', 'k8s/overlays/production', 'k8s/overlays/production-hpa'] as const;

const rendered = new Map<string, K8sObject[]>();
const render = (dir: string): K8sObject[] => {
  const objects = rendered.get(dir);
  if (!objects) throw new Error(`${dir} was not rendered`);
  return objects;
};
const find = (objects: K8sObject[], kind: string, name: string): K8sObject => {
  const obj = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!obj) throw new Error(`${kind}/${name} not rendered`);
  return obj;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** Every pod template of workload objects, with its owner. */
function podTemplates(objects: K8sObject[]): { owner: string; labels: Record<string, string>; spec: Json }[] {
  const out: { owner: string; labels: Record<string, string>; spec: Json }[] = [];
  for (const o of objects) {
    const template =
      o.kind === 'CronJob'
        ? o.spec?.jobTemplate?.spec?.template
        : ['Deployment', 'StatefulSet', 'DaemonSet', 'Job'].includes(o.kind)
          ? o.spec?.template
          : null;
    if (template)
      out.push({
        owner: `${o.kind}/${o.metadata.name}`,
        labels: template.metadata?.labels ?? {},
        spec: template.spec,
      });
  }
  return out;
}

const containersOf = (spec: Json): Json[] => [...(spec.initContainers ?? []), ...(spec.containers ?? [])];

const selects = (selector: Record<string, string> | undefined, labels: Record<string, string>): boolean =>
  Object.entries(selector ?? {}).every(([k, v]) => labels[k] === v);

beforeAll(() => {
  for (const dir of OVERLAYS) rendered.set(dir, kustomize(dir));
});

describe('kustomize rendering', () => {
  it.each(OVERLAYS)('%s renders with kubectl kustomize into namespaced, named objects', (dir) => {
    const objects = render(dir);
    expect(objects.length).toBeGreaterThan(10);
    for (const o of objects) {
      expect(o.apiVersion, JSON.stringify(o).slice(0, 120)).toBeTruthy();
      expect(o.metadata?.name).toBeTruthy();
      if (o.kind !== 'Namespace')
        expect(o.metadata.namespace, `${o.kind}/${o.metadata.name}`).toBe(NAMESPACE);
    }
    const keys = objects.map((o) => `${o.kind}/${o.metadata.name}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(OVERLAYS)('every object of %s validates against its Kubernetes (or KEDA) schema offline', (dir) => {
    const problems = render(dir)
      .map(validateObject)
      .filter((p) => p !== null);
    expect(problems).toEqual([]);
  });

  it('the schema validation is live: it rejects a broken Deployment and an unknown kind', () => {
    const deployment = structuredClone(find(render('k8s/overlays/production'), 'Deployment', 'api'));
    deployment.spec.replicas = 'two';
    expect(validateObject(deployment)).toMatch(/replicas must be integer/);
    const noContainers = structuredClone(find(render('k8s/overlays/production'), 'Deployment', 'web'));
    delete noContainers.spec.template.spec.containers;
    expect(validateObject(noContainers)).toMatch(/containers/);
    expect(validateObject({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' } })).toMatch(
      /no schema/,
    );
  });

  it('production uses pinned images from a registry, never :latest', () => {
    for (const { owner, spec } of podTemplates(render('k8s/overlays/production'))) {
      for (const c of containersOf(spec)) {
        expect(c.image, owner).toMatch(/^[a-z0-9.-]+\.[a-z]+(:\d+)?\/.+:[\w.-]+$/);
        expect(c.image, owner).not.toMatch(/:latest$/);
      }
    }
  });
});

describe('api', () => {
  it.each(OVERLAYS)('%s: ≥2 replicas, readiness on /api/health/ready, liveness on /api/health', (dir) => {
    const api = find(render(dir), 'Deployment', 'api');
    expect(api.spec.replicas).toBeGreaterThanOrEqual(2);
    const [c] = api.spec.template.spec.containers;
    const port = c.ports.find(
      (p: Json) =>
        p.name === c.readinessProbe.httpGet.port || p.containerPort === c.readinessProbe.httpGet.port,
    );
    expect(port?.containerPort).toBe(3000);
    expect(c.readinessProbe.httpGet.path).toBe('/api/health/ready');
    expect(c.livenessProbe.httpGet.path).toBe('/api/health');
    expect(api.spec.strategy.rollingUpdate.maxUnavailable).toBe(0);
  });

  it('has a PodDisruptionBudget that keeps at least one API pod and still lets nodes drain', () => {
    const objects = render('k8s/overlays/production');
    const api = find(objects, 'Deployment', 'api');
    const pdb = find(objects, 'PodDisruptionBudget', 'api');
    expect(selects(pdb.spec.selector.matchLabels, api.spec.template.metadata.labels)).toBe(true);
    expect(pdb.spec.minAvailable).toBeGreaterThanOrEqual(1);
    expect(pdb.spec.minAvailable).toBeLessThan(api.spec.replicas);
  });

  it('the migration Job runs the API image’s migrate.js once, with the database secret', () => {
    const objects = render('k8s/overlays/production');
    const job = find(objects, 'Job', 'migrate');
    const api = find(objects, 'Deployment', 'api');
    const [c] = job.spec.template.spec.containers;
    expect(c.image).toBe(api.spec.template.spec.containers[0].image);
    expect(c.command.join(' ')).toBe('node apps/api/dist/database/migrate.js');
    expect(['OnFailure', 'Never']).toContain(job.spec.template.spec.restartPolicy);
    expect(job.spec.backoffLimit).toBeGreaterThan(0);
    expect(c.env.find((e: Json) => e.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef?.name).toBe(
      SECRET_NAME,
    );
  });
});

describe('every workload', () => {
  it.each(OVERLAYS)('%s: each container sets CPU and memory requests and limits', (dir) => {
    const templates = podTemplates(render(dir));
    expect(templates.length).toBeGreaterThanOrEqual(4);
    for (const { owner, spec } of templates) {
      for (const c of containersOf(spec)) {
        for (const kind of ['requests', 'limits']) {
          expect(c.resources?.[kind]?.cpu, `${owner} ${c.name} ${kind}.cpu`).toBeTruthy();
          expect(c.resources?.[kind]?.memory, `${owner} ${c.name} ${kind}.memory`).toBeTruthy();
        }
      }
    }
  });

  it.each(OVERLAYS)(
    '%s: each container is non-root, read-only, without privilege escalation or capabilities',
    (dir) => {
      for (const { owner, spec } of podTemplates(render(dir))) {
        expect(spec.automountServiceAccountToken, owner).toBe(false);
        for (const key of ['hostNetwork', 'hostPID', 'hostIPC'])
          expect(spec[key], `${owner} ${key}`).toBeFalsy();
        for (const c of containersOf(spec)) {
          const sc = c.securityContext ?? {};
          const where = `${owner} container ${c.name}`;
          expect(sc.runAsNonRoot ?? spec.securityContext?.runAsNonRoot, where).toBe(true);
          expect(sc.runAsUser ?? spec.securityContext?.runAsUser, where).toBeGreaterThan(0);
          expect(sc.allowPrivilegeEscalation, where).toBe(false);
          expect(sc.privileged ?? false, where).toBe(false);
          expect(sc.readOnlyRootFilesystem, where).toBe(true);
          expect(sc.capabilities?.drop, where).toEqual(['ALL']);
          expect(sc.capabilities?.add ?? [], where).toEqual([]);
          // A read-only root needs a writable /tmp: an emptyDir.
          const tmp = (c.volumeMounts ?? []).find((m: Json) => m.mountPath === '/tmp');
          expect(tmp, `${where} /tmp`).toBeTruthy();
          expect(
            spec.volumes.find((v: Json) => v.name === tmp.name)?.emptyDir,
            `${where} /tmp emptyDir`,
          ).toBeTruthy();
        }
      }
    },
  );

  it.each(OVERLAYS)(
    '%s: RuntimeDefault seccomp everywhere but the judge, whose exceptions are exactly the documented ones',
    (dir) => {
      for (const { owner, spec } of podTemplates(render(dir))) {
        const containers = containersOf(spec);
        if (owner === 'Deployment/judge') {
          expect(spec.hostUsers, owner).toBe(false);
          expect(spec.securityContext.seccompProfile.type).toBe('Unconfined');
          for (const c of containers) {
            expect(c.securityContext.procMount).toBe('Unmasked');
            expect(c.securityContext.appArmorProfile.type).toBe('Unconfined');
          }
        } else {
          expect(spec.securityContext?.seccompProfile?.type, owner).toBe('RuntimeDefault');
          expect(spec.hostUsers ?? true, owner).toBe(true);
          for (const c of containers) {
            expect(c.securityContext.procMount ?? 'Default', owner).toBe('Default');
            expect(c.securityContext.seccompProfile?.type ?? 'RuntimeDefault', owner).toBe('RuntimeDefault');
            expect(c.securityContext.appArmorProfile?.type ?? 'RuntimeDefault', owner).toBe('RuntimeDefault');
          }
        }
      }
    },
  );

  it.each(OVERLAYS)(
    '%s: every Service selects pods of a workload and targets a named container port',
    (dir) => {
      const objects = render(dir);
      const templates = podTemplates(objects);
      const services = objects.filter((o) => o.kind === 'Service');
      expect(services.map((s) => s.metadata.name).sort()).toEqual(['api', 'web']);
      for (const svc of services) {
        const matching = templates.filter((t) => selects(svc.spec.selector, t.labels));
        expect(
          matching.map((t) => t.owner),
          svc.metadata.name,
        ).toEqual([`Deployment/${svc.metadata.name}`]);
        for (const port of svc.spec.ports) {
          const names = containersOf(matching[0].spec).flatMap((c: Json) =>
            (c.ports ?? []).map((p: Json) => p.name),
          );
          expect(names, `${svc.metadata.name} targetPort`).toContain(port.targetPort);
        }
      }
    },
  );

  it.each(OVERLAYS)('%s: each PodDisruptionBudget selects a Deployment’s pods', (dir) => {
    const objects = render(dir);
    const pdbs = objects.filter((o) => o.kind === 'PodDisruptionBudget');
    expect(pdbs.map((p) => p.metadata.name).sort()).toEqual(['api', 'judge', 'web']);
    for (const pdb of pdbs) {
      const dep = find(objects, 'Deployment', pdb.metadata.name);
      expect(selects(pdb.spec.selector.matchLabels, dep.spec.template.metadata.labels)).toBe(true);
    }
  });
});

describe('secrets', () => {
  it.each(OVERLAYS)('%s: renders no Secret, and every secret reference names javelin-secrets', (dir) => {
    const objects = render(dir);
    expect(objects.filter((o) => o.kind === 'Secret')).toEqual([]);
    const refs: string[] = [];
    for (const { spec } of podTemplates(objects)) {
      for (const c of containersOf(spec)) {
        for (const e of c.env ?? []) if (e.valueFrom?.secretKeyRef) refs.push(e.valueFrom.secretKeyRef.name);
        for (const e of c.envFrom ?? []) if (e.secretRef) refs.push(e.secretRef.name);
        // Secret values never inline: names that look secret must come from a secretKeyRef.
        for (const e of c.env ?? []) {
          if (/SECRET|PASSWORD|TOKEN|API_KEY|DATABASE_URL|REDIS_URL|MAIL_URL/.test(e.name))
            expect(e.value, e.name).toBeUndefined();
        }
      }
    }
    expect(refs.length).toBeGreaterThan(0);
    expect(new Set(refs)).toEqual(new Set([SECRET_NAME]));
  });

  it('no ConfigMap carries a secret-looking key', () => {
    const cm = find(render('k8s/overlays/production'), 'ConfigMap', 'javelin-config');
    for (const key of Object.keys(cm.data))
      expect(key).not.toMatch(/SECRET|PASSWORD|TOKEN|API_KEY|DATABASE_URL|REDIS_URL/);
  });

  it('the judge is given no secret but REDIS_URL; the API gets the required three', () => {
    const objects = render('k8s/overlays/production');
    const secretKeys = (name: string) =>
      find(objects, 'Deployment', name)
        .spec.template.spec.containers.flatMap((c: Json) => c.env ?? [])
        .filter((e: Json) => e.valueFrom?.secretKeyRef && !e.valueFrom.secretKeyRef.optional)
        .map((e: Json) => e.valueFrom.secretKeyRef.key)
        .sort();
    expect(secretKeys('judge')).toEqual(['REDIS_URL']);
    expect(secretKeys('api')).toEqual(['DATABASE_URL', 'JWT_SECRET', 'REDIS_URL']);
  });

  it('no file under k8s/ defines a Secret with data', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const p = join(dir, entry);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.ya?ml$/.test(entry)) files.push(p);
      }
    };
    walk(repoPath('k8s'));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      for (const obj of parseYamlStream(readFileSync(file, 'utf8'))) {
        if (obj && typeof obj === 'object' && (obj as K8sObject).kind === 'Secret') {
          expect((obj as K8sObject).data ?? (obj as K8sObject).stringData, file).toBeUndefined();
        }
      }
    }
  });
});

describe('NetworkPolicies', () => {
  /** All egress rules that apply to pods with these labels (union over the policies selecting them). */
  function egressFor(objects: K8sObject[], labels: Record<string, string>): Json[] {
    return objects
      .filter(
        (o) =>
          o.kind === 'NetworkPolicy' &&
          selects(o.spec.podSelector?.matchLabels, labels) &&
          (o.spec.policyTypes ?? []).includes('Egress'),
      )
      .flatMap((o) => o.spec.egress ?? []);
  }
  const judgeLabels = () =>
    find(render('k8s/overlays/production'), 'Deployment', 'judge').spec.template.metadata.labels;

  it.each(OVERLAYS)('%s: a default deny for ingress and egress covers every pod of the namespace', (dir) => {
    const deny = render(dir).filter(
      (o) =>
        o.kind === 'NetworkPolicy' &&
        Object.keys(o.spec.podSelector ?? {}).length === 0 &&
        !o.spec.ingress &&
        !o.spec.egress,
    );
    expect(deny).toHaveLength(1);
    expect([...deny[0].spec.policyTypes].sort()).toEqual(['Egress', 'Ingress']);
  });

  it('judge pods may reach only Redis on 6379 and cluster DNS on 53; no ipBlock, no other port', () => {
    const objects = render('k8s/overlays/production');
    const rules = egressFor(objects, judgeLabels());
    expect(rules.length).toBe(2);
    const redis = rules.filter((r) =>
      r.to.every(
        (p: Json) =>
          p.podSelector?.matchLabels?.['app.kubernetes.io/name'] === 'redis' && !p.namespaceSelector,
      ),
    );
    const dns = rules.filter((r) =>
      r.to.every(
        (p: Json) =>
          p.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === 'kube-system' &&
          p.podSelector?.matchLabels?.['k8s-app'] === 'kube-dns',
      ),
    );
    expect(redis).toHaveLength(1);
    expect(redis[0].ports).toEqual([{ protocol: 'TCP', port: 6379 }]);
    expect(dns).toHaveLength(1);
    expect(dns[0].ports.map((p: Json) => p.port)).toEqual([53, 53]);
    for (const r of rules) {
      expect(r.to?.length, 'a rule without `to` allows every destination').toBeGreaterThan(0);
      expect(r.ports?.length, 'a rule without `ports` allows every port').toBeGreaterThan(0);
      for (const peer of r.to) expect(peer.ipBlock).toBeUndefined();
    }
  });

  it('the API listens on every pod address; Prometheus scrapes /metrics on its own port, which only the monitoring namespace may reach', () => {
    const objects = render('k8s/overlays/production');
    const config = find(objects, 'ConfigMap', 'javelin-config').data;
    expect(config.HOST).toBe('0.0.0.0');
    // X-Forwarded-For counts only from the pods (ingress controller, web) the api NetworkPolicy admits.
    expect(config.TRUST_PROXY).toMatch(/^\d+\.\d+\.\d+\.\d+\/\d+$/);
    expect(config.METRICS_PORT).toBe('9464');
    const api = find(objects, 'Deployment', 'api').spec.template;
    expect(api.metadata.annotations).toMatchObject({
      'prometheus.io/scrape': 'true',
      'prometheus.io/port': config.METRICS_PORT,
      'prometheus.io/path': '/metrics',
    });
    const container = api.spec.containers.find((c: Json) => c.name === 'api');
    expect(container.ports.find((p: Json) => p.name === 'metrics')?.containerPort).toBe(9464);
    const ingress = objects
      .filter(
        (o) => o.kind === 'NetworkPolicy' && selects(o.spec.podSelector?.matchLabels, api.metadata.labels),
      )
      .flatMap((o) => o.spec.ingress ?? []);
    const toMetrics = ingress.filter((r: Json) => r.ports.some((p: Json) => p.port === 9464));
    expect(toMetrics).toHaveLength(1);
    expect(toMetrics[0].ports).toEqual([{ protocol: 'TCP', port: 9464 }]);
    expect(toMetrics[0].from).toEqual([
      { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } },
    ]);
    // The app's port takes no scraper: the metrics are not served there.
    const toApp = ingress.filter((r: Json) => r.ports.some((p: Json) => p.port === 3000));
    for (const r of toApp) expect(JSON.stringify(r.from)).not.toContain('monitoring');
    // The Service the ingress routes to names only the app's port.
    expect(find(objects, 'Service', 'api').spec.ports.map((p: Json) => p.port)).toEqual([3000]);
  });

  it('nothing may connect to the judge', () => {
    const objects = render('k8s/overlays/production');
    const ingress = objects
      .filter((o) => o.kind === 'NetworkPolicy' && selects(o.spec.podSelector?.matchLabels, judgeLabels()))
      .flatMap((o) => o.spec.ingress ?? []);
    expect(ingress).toEqual([]);
  });

  it('the API reaches PostgreSQL, Redis, DNS, and only SMTP/HTTPS on the internet, never private ranges', () => {
    const objects = render('k8s/overlays/production');
    const rules = egressFor(objects, find(objects, 'Deployment', 'api').spec.template.metadata.labels);
    const portsTo = (name: string) =>
      rules
        .filter((r) =>
          r.to.some((p: Json) => p.podSelector?.matchLabels?.['app.kubernetes.io/name'] === name),
        )
        .flatMap((r) => r.ports.map((p: Json) => p.port));
    expect(portsTo('postgresql')).toEqual([5432]);
    expect(portsTo('redis')).toEqual([6379]);
    const internet = rules.filter((r) => r.to.some((p: Json) => p.ipBlock));
    expect(internet).toHaveLength(1);
    expect(internet[0].ports.map((p: Json) => p.port).sort((a: number, b: number) => a - b)).toEqual([
      25, 443, 465, 587,
    ]);
    const block = internet[0].to[0].ipBlock;
    expect(block.cidr).toBe('0.0.0.0/0');
    expect(block.except).toEqual(
      expect.arrayContaining(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16']),
    );
    for (const r of rules) expect(r.ports?.length).toBeGreaterThan(0);
  });

  it('Redis admits the API, the judges and KEDA; PostgreSQL admits the API and the migration only', () => {
    const objects = render('k8s/overlays/production');
    const from = (name: string) =>
      find(objects, 'NetworkPolicy', name)
        .spec.ingress.flatMap((r: Json) => r.from)
        .map(
          (p: Json) =>
            p.podSelector?.matchLabels?.['app.kubernetes.io/name'] ??
            `ns:${p.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name']}`,
        )
        .sort();
    expect(from('redis')).toEqual(['api', 'judge', 'ns:keda']);
    expect(from('postgresql')).toEqual(['api', 'migrate']);
  });
});

describe('judge scaling', () => {
  it('production scales the judge with a KEDA ScaledObject on the BullMQ judge wait list', () => {
    const objects = render('k8s/overlays/production');
    const so = find(objects, 'ScaledObject', 'judge');
    expect(so.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'judge' });
    expect(so.spec.minReplicaCount).toBeGreaterThanOrEqual(1);
    expect(so.spec.maxReplicaCount).toBeGreaterThan(so.spec.minReplicaCount);
    // One trigger per judge job version's queue the judges consume (issue 46), the same settings each.
    expect(so.spec.triggers.map((t: Json) => t.metadata.listName)).toEqual(
      [...JUDGE_JOB_VERSIONS].reverse().map((v) => `bull:${judgeQueueName(v)}:wait`),
    );
    const [trigger] = so.spec.triggers;
    for (const t of so.spec.triggers) {
      expect(t.type).toBe('redis');
      expect(Number(t.metadata.listLength)).toBeGreaterThan(0);
      expect(t.metadata.addressFromEnv).toBe(trigger.metadata.addressFromEnv);
      expect(t.authenticationRef).toEqual(trigger.authenticationRef);
    }
    // The address comes from the judge container's environment: the ConfigMap must define it.
    const cm = find(objects, 'ConfigMap', 'javelin-config');
    expect(cm.data[trigger.metadata.addressFromEnv]).toMatch(/^[\w.-]+:\d+$/);
    const auth = find(objects, 'TriggerAuthentication', trigger.authenticationRef.name);
    expect(auth.spec.secretTargetRef.map((r: Json) => r.name)).toEqual([SECRET_NAME]);
    expect(objects.filter((o) => o.kind === 'HorizontalPodAutoscaler')).toEqual([]);
  });

  it('the queue prefix KEDA watches is the one the API and judge use', () => {
    const objects = render('k8s/overlays/production');
    const prefix = find(objects, 'ConfigMap', 'javelin-config').data.JUDGE_QUEUE_PREFIX;
    expect(find(objects, 'ScaledObject', 'judge').spec.triggers[0].metadata.listName).toBe(
      `${prefix}:${JUDGE_QUEUE}:wait`,
    );
  });

  it('the autoscaled judge Deployment has no replicas field for kubectl apply to reset', () => {
    for (const dir of ['k8s/overlays/production', 'k8s/overlays/production-hpa']) {
      expect(find(render(dir), 'Deployment', 'judge').spec.replicas, dir).toBeUndefined();
    }
    expect(find(render('k8s/base'), 'Deployment', 'judge').spec.replicas).toBeGreaterThanOrEqual(1);
  });

  it('the HPA alternative scales the judge on CPU and has no ScaledObject', () => {
    const objects = render('k8s/overlays/production-hpa');
    const hpa = find(objects, 'HorizontalPodAutoscaler', 'judge');
    expect(hpa.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'judge' });
    expect(hpa.spec.metrics[0].resource).toMatchObject({ name: 'cpu', target: { type: 'Utilization' } });
    expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
    expect(objects.filter((o) => o.kind.startsWith('Scaled') || o.kind === 'TriggerAuthentication')).toEqual(
      [],
    );
  });

  it('the judge gets time to finish its running submission on SIGTERM', () => {
    const judge = find(render('k8s/overlays/production'), 'Deployment', 'judge');
    expect(judge.spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(60);
  });
});

describe('Ingress', () => {
  it('routes /api to the api Service and / to the web Service on one TLS host', () => {
    const objects = render('k8s/overlays/production');
    const ing = find(objects, 'Ingress', 'javelin');
    const paths = ing.spec.rules[0].http.paths;
    expect(paths.find((p: Json) => p.path === '/api')?.backend.service.name).toBe('api');
    expect(paths.find((p: Json) => p.path === '/')?.backend.service.name).toBe('web');
    expect(ing.spec.tls[0].hosts).toEqual([ing.spec.rules[0].host]);
  });

  it('serves the leaderboard SSE stream unbuffered with long timeouts', () => {
    const objects = render('k8s/overlays/production');
    const sse = find(objects, 'Ingress', 'javelin-sse');
    const a = sse.metadata.annotations;
    expect(a['nginx.ingress.kubernetes.io/proxy-buffering']).toBe('off');
    expect(Number(a['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThanOrEqual(600);
    expect(a['nginx.ingress.kubernetes.io/use-regex']).toBe('true');
    const [path] = sse.spec.rules[0].http.paths;
    expect(path.backend.service.name).toBe('api');
    const re = new RegExp(`^${path.path}$`);
    expect(re.test('/api/contests/7f1c2d9e-1111-4222-8333-944455556666/leaderboard/stream')).toBe(true);
    expect(re.test('/api/contests/x/leaderboard')).toBe(false);
    expect(sse.spec.rules[0].host).toBe(find(objects, 'Ingress', 'javelin').spec.rules[0].host);
  });
});
