// A container's environment as Kubernetes would give it, worked out from rendered objects:
// envFrom sources in order (a later source wins a repeated key), then `env` entries (which win
// over envFrom). A reference to a ConfigMap or Secret that is not among the objects is an error
// (the pod would not start), unless it is marked optional.
type Ref = { name: string; optional?: boolean };
type EnvFromSource = { configMapRef?: Ref; secretRef?: Ref; prefix?: string };
type KeyRef = Ref & { key: string };
type EnvVar = { name: string; value?: string; valueFrom?: { configMapKeyRef?: KeyRef; secretKeyRef?: KeyRef } };
export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  spec?: any;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
};

function dataOf(objects: K8sObject[], kind: 'ConfigMap' | 'Secret', name: string): Record<string, string> | undefined {
  const object = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!object) return undefined;
  if (kind === 'ConfigMap') return { ...object.data };
  const decoded = Object.fromEntries(
    Object.entries(object.data ?? {}).map(([k, v]) => [k, Buffer.from(v, 'base64').toString('utf8')]),
  );
  return { ...decoded, ...object.stringData };
}

export function containerEnv(
  container: { envFrom?: EnvFromSource[]; env?: EnvVar[] },
  objects: K8sObject[],
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    const [kind, ref] = source.configMapRef
      ? (['ConfigMap', source.configMapRef] as const)
      : (['Secret', source.secretRef!] as const);
    const data = dataOf(objects, kind, ref.name);
    if (!data) {
      if (ref.optional) continue;
      throw new Error(`envFrom: ${kind} ${ref.name} is not among the rendered objects`);
    }
    for (const [key, value] of Object.entries(data)) env[`${source.prefix ?? ''}${key}`] = value;
  }
  for (const variable of container.env ?? []) {
    if (variable.value !== undefined) {
      env[variable.name] = variable.value;
      continue;
    }
    const keyRef = variable.valueFrom?.configMapKeyRef ?? variable.valueFrom?.secretKeyRef;
    if (!keyRef) continue; // fieldRef/resourceFieldRef: not configuration
    const value = dataOf(objects, variable.valueFrom?.configMapKeyRef ? 'ConfigMap' : 'Secret', keyRef.name)?.[
      keyRef.key
    ];
    if (value === undefined && !keyRef.optional)
      throw new Error(`env ${variable.name}: ${keyRef.name}/${keyRef.key} is not among the rendered objects`);
    if (value !== undefined) env[variable.name] = value;
  }
  return env;
}
