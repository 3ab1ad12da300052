// The Helm chart, checked without a cluster: a real helm lints and renders it, every
// rendered object is validated against the Kubernetes schemas, and the rendered objects are
// inspected for the properties the platform relies on.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { parse } from 'yaml';
import {
  chartDir,
  devValues,
  ensureHelm,
  lintChart,
  productionValues,
  readDevManifests,
  renderChart,
  repoRoot,
  validateObject,
  validateObjects,
} from '../../scripts/check-helm.mjs';
import { RESERVED_SERVICES } from '../../scripts/system.ts';

type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: any;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
};

/** A part's identity in the chart (`parts`, written by make generate from scripts/system.ts). */
type ServiceValues = {
  enabled: boolean;
  workspace: string;
  image: { repository: string };
  protocol: 'grpc' | 'http';
  port: number;
  database?: string;
  health?: { liveness: string; readiness: string };
};

const values = parse(readFileSync(join(chartDir, 'values.yaml'), 'utf8')) as {
  parts: Record<string, ServiceValues>;
};
const enabledServices = Object.entries(values.parts).filter(([, s]) => s.enabled);
const name = (component: string) => `darmankar-${component}`;

const find = (objects: K8sObject[], kind: string, objectName: string) =>
  objects.find((o) => o.kind === kind && o.metadata.name === objectName);
const ofKind = (objects: K8sObject[], kind: string) => objects.filter((o) => o.kind === kind);
const containerOf = (workload: K8sObject) => workload.spec.template.spec.containers[0];

let defaults: K8sObject[];
let production: K8sObject[];
let development: K8sObject[];

before(async () => {
  await ensureHelm();
  [defaults, production, development] = await Promise.all([
    renderChart(),
    renderChart({ valuesFiles: [productionValues] }),
    renderChart({ valuesFiles: [devValues] }),
  ]);
});

describe('lint and schema validation', () => {
  for (const [label, valuesFiles] of [
    ['default values', []],
    ['production values', [productionValues]],
    ['development values', [devValues]],
  ] as const) {
    test(`helm lint --strict passes with ${label}`, async () => {
      const lint = await lintChart({ valuesFiles: [...valuesFiles] });
      assert.ok(lint.ok, lint.output);
      assert.match(lint.output, /1 chart\(s\) linted, 0 chart\(s\) failed/);
    });
  }

  test('every rendered object validates against the Kubernetes schemas', async () => {
    for (const [label, objects] of [
      ['default', defaults],
      ['production', production],
      ['development', development],
    ] as const) {
      assert.ok(objects.length > 10, `${label}: only ${objects.length} objects rendered`);
      assert.deepEqual(await validateObjects(objects), [], `${label} values`);
    }
  });

  test('the development manifests in deploy/dev validate too', async () => {
    const objects = readDevManifests() as K8sObject[];
    assert.deepEqual(objects.map((o) => `${o.kind}/${o.metadata.name}`).sort(), [
      'ConfigMap/postgres-init',
      'Deployment/postgres',
      'Deployment/redis',
      'Service/postgres',
      'Service/redis',
    ]);
    assert.deepEqual(await validateObjects(objects), []);
  });

  test('the validator rejects a wrongly typed field (it is not a formality)', async () => {
    const deployment = structuredClone(find(defaults, 'Deployment', name('auth'))!);
    deployment.spec.replicas = '2';
    containerOf(deployment).livenessProbe.grpc.port = 'grpc';
    const problems = await validateObject(deployment);
    assert.ok(
      problems.some((p: string) => p.includes('replicas must be integer')),
      problems.join('\n'),
    );
    assert.deepEqual(await validateObject({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' } }), [
      'no Kubernetes model for example.com/v1 Widget',
    ]);
  });

  test('the values schema rejects a misspelt key and a wrongly typed port', async () => {
    const typo = await lintChart({ set: ['services.gateway.replica=2'] });
    assert.equal(typo.ok, false);
    assert.match(typo.output, /additional properties 'replica' not allowed/);
    const port = await lintChart({ set: ['parts.auth.port=grpc'] });
    assert.equal(port.ok, false);
    assert.match(port.output, /parts\/auth\/port/);
    // A part's identity is the registry's: the hand-written entries cannot set it.
    const identity = await lintChart({ set: ['services.auth.port=50099'] });
    assert.equal(identity.ok, false);
    assert.match(identity.output, /additional properties 'port' not allowed/);
  });
});

describe('each enabled part', () => {
  for (const [label, getObjects] of [
    ['default', () => defaults],
    ['production', () => production],
  ] as const) {
    for (const [component, svc] of enabledServices) {
      test(`${component} (${label}): Deployment with probes on its port, Service, HPA and PDB`, () => {
        const objects = getObjects();
        const deployment = find(objects, 'Deployment', name(component));
        assert.ok(deployment, `no Deployment for ${component}`);
        const container = containerOf(deployment);
        assert.deepEqual(container.ports, [{ name: svc.protocol, containerPort: svc.port, protocol: 'TCP' }]);
        if (svc.protocol === 'grpc') {
          for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
            assert.deepEqual(container[probe].grpc, { port: svc.port }, probe);
          }
          assert.equal(
            objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === name(component))?.data?.GRPC_PORT,
            String(svc.port),
          );
        } else {
          assert.equal(container.livenessProbe.httpGet.path, svc.health!.liveness);
          assert.equal(container.readinessProbe.httpGet.path, svc.health!.readiness);
          assert.equal(container.livenessProbe.httpGet.port, 'http');
          assert.equal(find(objects, 'ConfigMap', name(component))?.data?.PORT, String(svc.port));
        }
        // Autoscaled: the HPA owns the replica count.
        assert.equal(deployment.spec.replicas, undefined);

        const service = find(objects, 'Service', name(component))!;
        assert.equal(service.spec.ports[0].port, svc.port);
        const podLabels = deployment.spec.template.metadata.labels;
        for (const [k, v] of Object.entries(service.spec.selector)) assert.equal(podLabels[k], v);

        const hpa = find(objects, 'HorizontalPodAutoscaler', name(component));
        assert.ok(hpa, `no HPA for ${component}`);
        assert.deepEqual(hpa.spec.scaleTargetRef, { apiVersion: 'apps/v1', kind: 'Deployment', name: name(component) });
        assert.ok(hpa.spec.minReplicas >= 2 && hpa.spec.maxReplicas >= hpa.spec.minReplicas);

        const pdb = find(objects, 'PodDisruptionBudget', name(component));
        assert.ok(pdb, `no PDB for ${component}`);
        for (const [k, v] of Object.entries(pdb.spec.selector.matchLabels)) assert.equal(podLabels[k], v);
        assert.equal(pdb.spec.maxUnavailable, 1);
      });
    }
  }

  test('images follow the values (registry and tag in production)', () => {
    assert.equal(containerOf(find(defaults, 'Deployment', name('auth'))!).image, 'darmankar/auth:0.1.0');
    assert.equal(
      containerOf(find(production, 'Deployment', name('auth'))!).image,
      'registry.darmankar.ir/darmankar/auth:0.1.0',
    );
  });

  test('configuration is wired between the parts', () => {
    assert.equal(
      find(defaults, 'ConfigMap', name('gateway'))!.data!.AUTH_GRPC_URL,
      'dns:///darmankar-auth-headless.default.svc.cluster.local:50051',
    );
    assert.equal(find(defaults, 'ConfigMap', name('web'))!.data!.GATEWAY_URL, 'http://darmankar-gateway:8080');
    assert.equal(find(defaults, 'Secret', name('gateway'))!.stringData!.REDIS_URL, 'redis://redis:6379');
    assert.equal(
      find(defaults, 'Secret', name('auth'))!.stringData!.DATABASE_URL,
      'postgres://postgres@postgres:5432/darmankar_auth',
    );
    // Empty secrets are left unset rather than set to "".
    assert.equal(find(defaults, 'Secret', name('auth'))!.stringData!.SMTP_URL, undefined);

    const common = find(defaults, 'ConfigMap', name('common'))!.data!;
    assert.deepEqual(common, { NODE_ENV: 'production', LOG_LEVEL: 'info' });
    const prodCommon = find(production, 'ConfigMap', name('common'))!.data!;
    assert.match(prodCommon.KAFKA_BROKERS!, /^kafka-0\.kafka/);
    assert.match(prodCommon.OTEL_EXPORTER_OTLP_ENDPOINT!, /^http:\/\/otel-collector/);

    const envFrom = containerOf(find(defaults, 'Deployment', name('auth'))!).envFrom;
    assert.deepEqual(envFrom, [
      { configMapRef: { name: 'darmankar-common' } },
      { configMapRef: { name: 'darmankar-auth' } },
      { secretRef: { name: 'darmankar-auth' } },
    ]);
  });

  test('the database password is escaped into DATABASE_URL', async () => {
    const objects = await renderChart({
      set: ['external.postgres.password=p@ss:w/rd?#', 'external.postgres.sslmode=require'],
    });
    const url = new URL(find(objects, 'Secret', name('auth'))!.stringData!.DATABASE_URL!);
    assert.equal(decodeURIComponent(url.password), 'p@ss:w/rd?#');
    assert.equal(url.hostname, 'postgres');
    assert.equal(url.pathname, '/darmankar_auth');
    assert.equal(url.searchParams.get('sslmode'), 'require');
  });

  test('production reads credentials from existing Secrets, not chart-made ones', () => {
    for (const [component] of enabledServices) {
      assert.equal(find(production, 'Secret', name(component)), undefined, component);
      const envFrom = containerOf(find(production, 'Deployment', name(component))!).envFrom;
      assert.deepEqual(envFrom.at(-1), { secretRef: { name: `darmankar-${component}` } });
    }
    assert.equal(ofKind(production, 'Secret').length, 0);
    const ingress = find(production, 'Ingress', 'darmankar')!;
    const paths = ingress.spec.rules[0].http.paths.map((p: any) => [p.path, p.backend.service.name]);
    assert.deepEqual(paths, [
      ['/api', 'darmankar-gateway'],
      ['/', 'darmankar-web'],
    ]);
    assert.equal(find(defaults, 'Ingress', 'darmankar'), undefined);
  });

  test('with autoscaling off (development) the Deployment sets replicas and no HPA or PDB renders', () => {
    assert.equal(find(development, 'Deployment', name('auth'))!.spec.replicas, 1);
    assert.equal(ofKind(development, 'HorizontalPodAutoscaler').length, 0);
    assert.equal(ofKind(development, 'PodDisruptionBudget').length, 0);
    assert.equal(find(development, 'ConfigMap', name('gateway'))!.data!.COOKIE_SECURE, 'false');
  });
});

describe('migrations', () => {
  const withDatabase = enabledServices.filter(([, s]) => s.database);

  test('a pre-install/pre-upgrade hook Job runs `npm run migrate -w <workspace>` per part with a database', () => {
    assert.deepEqual(
      withDatabase.map(([c]) => c),
      ['auth', 'files', 'resume', 'employer', 'recruitment', 'hiring', 'billing', 'notification', 'seo'],
    );
    const jobs = ofKind(defaults, 'Job');
    assert.deepEqual(jobs.map((j) => j.metadata.name).sort(), withDatabase.map(([c]) => `${name(c)}-migrate`).sort());
    for (const [component, svc] of withDatabase) {
      const job = find(defaults, 'Job', `${name(component)}-migrate`)!;
      const annotations = job.metadata.annotations!;
      assert.deepEqual(annotations['helm.sh/hook']!.split(',').sort(), ['pre-install', 'pre-upgrade']);
      assert.match(annotations['helm.sh/hook-delete-policy']!, /before-hook-creation/);
      const container = containerOf(job);
      assert.deepEqual(container.command, ['npm', 'run', 'migrate', '-w', svc.workspace]);
      assert.equal(container.workingDir, '/app');
      assert.equal(job.spec.template.spec.restartPolicy, 'Never');

      // Its Secret is a hook too, created before the Job (lower weight): the release's own
      // Secrets do not exist yet at pre-install.
      const secretName = container.envFrom[0].secretRef.name;
      const secret = find(defaults, 'Secret', secretName)!;
      assert.ok(secret, `no Secret ${secretName}`);
      assert.match(secret.metadata.annotations!['helm.sh/hook']!, /pre-install/);
      assert.ok(
        Number(secret.metadata.annotations!['helm.sh/hook-weight']) < Number(annotations['helm.sh/hook-weight']),
      );
      assert.equal(secret.stringData!.DATABASE_URL, `postgres://postgres@postgres:5432/${svc.database}`);
    }
  });

  test('in production the Job reads the existing Secret', () => {
    const job = find(production, 'Job', 'darmankar-auth-migrate')!;
    assert.deepEqual(containerOf(job).envFrom, [{ secretRef: { name: 'darmankar-auth' } }]);
  });

  test('migrations.enabled=false renders no Job', async () => {
    const objects = await renderChart({ set: ['migrations.enabled=false'] });
    assert.equal(ofKind(objects, 'Job').length, 0);
  });
});

describe('parts in and out of the release', () => {
  test('the reserved services are not in the chart until they are registry rows', () => {
    for (const objects of [defaults, production]) {
      for (const reserved of RESERVED_SERVICES) {
        assert.equal(values.parts[reserved.name], undefined, reserved.name);
        const leaked = objects.filter(
          (o) =>
            o.metadata.labels?.['app.kubernetes.io/component']?.startsWith(reserved.name) ||
            o.metadata.name.includes(`-${reserved.name}`),
        );
        assert.deepEqual(
          leaked.map((o) => `${o.kind}/${o.metadata.name}`),
          [],
          reserved.name,
        );
      }
    }
  });

  test('services.<name>.enabled=false leaves a part out, and its callers lose its address', async () => {
    const objects = await renderChart({ set: ['services.employer.enabled=false'] });
    assert.deepEqual(
      objects.filter((o) => o.metadata.name.startsWith(name('employer'))).map((o) => `${o.kind}/${o.metadata.name}`),
      [],
    );
    assert.equal(find(objects, 'ConfigMap', name('billing'))!.data!.EMPLOYER_GRPC_URL, undefined);
    assert.equal(find(objects, 'ConfigMap', name('gateway'))!.data!.EMPLOYER_GRPC_URL, undefined);
    assert.match(
      find(defaults, 'ConfigMap', name('billing'))!.data!.EMPLOYER_GRPC_URL!,
      /^dns:\/\/\/darmankar-employer-headless\./,
    );
  });

  test('a hand-written entry for a part the registry does not know fails the render', async () => {
    await assert.rejects(renderChart({ set: ['services.search.env.X=one'] }), /services\.search: no such part/);
  });

  test("autoscaling: an entry's false overrides the default true, and the development values' default false gives way to an entry's true", async () => {
    const objects = await renderChart({ set: ['services.web.autoscaling.enabled=false'] });
    assert.equal(find(objects, 'HorizontalPodAutoscaler', name('web')), undefined);
    assert.ok(find(objects, 'HorizontalPodAutoscaler', name('gateway')));
    const dev = await renderChart({ valuesFiles: [devValues], set: ['services.web.autoscaling.enabled=true'] });
    assert.deepEqual(
      ofKind(dev, 'HorizontalPodAutoscaler').map((o) => o.metadata.name),
      [name('web')],
    );
  });
});

describe('hardened pods', () => {
  const workloads = (objects: K8sObject[]) => [...ofKind(objects, 'Deployment'), ...ofKind(objects, 'Job')];

  test('on by default: non-root, read-only root filesystem, all capabilities dropped', () => {
    for (const objects of [defaults, production]) {
      assert.ok(workloads(objects).length >= enabledServices.length + 1);
      for (const workload of workloads(objects)) {
        const pod = workload.spec.template.spec;
        const ref = `${workload.kind}/${workload.metadata.name}`;
        assert.equal(pod.securityContext.runAsNonRoot, true, ref);
        assert.ok(pod.securityContext.runAsUser > 0, ref);
        assert.equal(pod.securityContext.seccompProfile.type, 'RuntimeDefault', ref);
        assert.equal(pod.automountServiceAccountToken, false, ref);
        const sc = pod.containers[0].securityContext;
        assert.equal(sc.readOnlyRootFilesystem, true, ref);
        assert.equal(sc.allowPrivilegeEscalation, false, ref);
        assert.deepEqual(sc.capabilities.drop, ['ALL'], ref);
        // A writable /tmp for tsx's compile cache and npm.
        assert.ok(
          pod.containers[0].volumeMounts.some((m: any) => m.mountPath === '/tmp'),
          ref,
        );
      }
    }
  });

  test('one switch turns them off', async () => {
    const objects = await renderChart({ set: ['hardened=false'] });
    for (const workload of workloads(objects)) {
      assert.equal(workload.spec.template.spec.securityContext, undefined);
      assert.equal(containerOf(workload).securityContext, undefined);
    }
  });
});

describe('skaffold.yaml', () => {
  const skaffold = parse(readFileSync(join(repoRoot, 'skaffold.yaml'), 'utf8'));

  test('parses, builds each part with the shared Dockerfile and tags by commit', () => {
    assert.equal(skaffold.apiVersion, 'skaffold/v4beta11');
    assert.equal(skaffold.kind, 'Config');
    assert.ok(skaffold.build.tagPolicy.gitCommit, 'gitCommit tagger');
    const artifacts = Object.fromEntries(skaffold.build.artifacts.map((a: any) => [a.image, a]));
    assert.deepEqual(Object.keys(artifacts).sort(), enabledServices.map(([, s]) => s.image.repository).sort());
    for (const [component, svc] of enabledServices) {
      const artifact = artifacts[svc.image.repository];
      assert.equal(artifact.docker.dockerfile, 'deploy/Dockerfile', component);
      assert.equal(artifact.docker.buildArgs.WORKSPACE, svc.workspace, component);
      assert.ok(existsSync(join(repoRoot, artifact.context, svc.workspace, 'package.json')), component);
      assert.equal(artifact.docker.target, component === 'web' ? 'web' : 'service');
    }
  });

  test('the Dockerfile has every target the artifacts ask for', () => {
    const dockerfile = readFileSync(join(repoRoot, 'deploy', 'Dockerfile'), 'utf8');
    const stages = [...dockerfile.matchAll(/^FROM \S+ AS (\S+)$/gm)].map((m) => m[1]);
    for (const artifact of skaffold.build.artifacts)
      assert.ok(stages.includes(artifact.docker.target), artifact.docker.target);
    assert.match(dockerfile, /npm ci --workspace "\$WORKSPACE" --include-workspace-root/);
  });

  test('deploys the chart with each image patched in by artifact name, and the dev dependencies', () => {
    const [release] = skaffold.deploy.helm.releases;
    assert.equal(release.chartPath, 'helm/darmankar');
    for (const file of release.valuesFiles) assert.ok(existsSync(join(repoRoot, file)), file);
    for (const [component, svc] of enabledServices) {
      const key = svc.image.repository.replace(/[^A-Za-z0-9]/g, '_');
      assert.equal(release.setValueTemplates[`services.${component}.image.repository`], `{{.IMAGE_REPO_${key}}}`);
      assert.equal(release.setValueTemplates[`services.${component}.image.tag`], `{{.IMAGE_TAG_${key}}}`);
    }
    for (const file of skaffold.manifests.rawYaml) assert.ok(existsSync(join(repoRoot, file)), file);
    const profile = skaffold.profiles.find((p: any) => p.name === 'production-values');
    assert.deepEqual(profile.deploy.helm.releases[0].valuesFiles, ['helm/darmankar/values-production.yaml']);
  });
});
