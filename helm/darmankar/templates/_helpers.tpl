{{/* Release-wide name, cut to the 63 characters Kubernetes allows in a DNS label. */}}
{{- define "darmankar.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{/* Name of one part's objects. Args: root, name. */}}
{{- define "darmankar.componentName" -}}
{{- printf "%s-%s" (include "darmankar.fullname" .root | trunc 50 | trimSuffix "-") .name -}}
{{- end -}}

{{/*
Every part, as a JSON map of name to entry: `serviceDefaults`, then its identity under `parts`
(written by `make generate` from scripts/system.ts), then its hand-tuned `services.<name>`,
each over the one before. The switches (`enabled`, `autoscaling.enabled`,
`podDisruptionBudget.enabled`) come from the most specific place that sets them, so a `false`
overrides a `true` (a plain merge would keep the `true`). A `services` entry for a part the
registry does not know fails the render.
*/}}
{{- define "darmankar.parts" -}}
{{- $all := dict -}}
{{- $services := .Values.services | default dict -}}
{{- range $name, $_ := $services -}}
{{- if not (hasKey $.Values.parts $name) -}}
{{- fail (printf "services.%s: no such part; parts are declared in scripts/system.ts and written under `parts` by make generate" $name) -}}
{{- end -}}
{{- end -}}
{{- range $name, $identity := .Values.parts -}}
{{- $hand := index $services $name | default dict -}}
{{- $entry := mergeOverwrite (deepCopy $.Values.serviceDefaults) (deepCopy $identity) (deepCopy $hand) -}}
{{- if hasKey $hand "enabled" -}}
{{- $_ := set $entry "enabled" $hand.enabled -}}
{{- end -}}
{{- range $switch := list "autoscaling" "podDisruptionBudget" -}}
{{- range $layer := list $.Values.serviceDefaults $identity $hand -}}
{{- if and (hasKey $layer $switch) (hasKey (get $layer $switch) "enabled") -}}
{{- $_ := set (get $entry $switch) "enabled" (get (get $layer $switch) "enabled") -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- $_ := set $all $name $entry -}}
{{- end -}}
{{- toJson $all -}}
{{- end -}}

{{/* In-cluster host:port of a part, for gRPC clients. Args: root, name. */}}
{{- define "darmankar.serviceAddress" -}}
{{- $svc := index .root.Values.parts .name -}}
{{- printf "%s:%v" (include "darmankar.componentName" .) $svc.port -}}
{{- end -}}

{{/* In-cluster http:// URL of a part. Args: root, name. */}}
{{- define "darmankar.serviceUrl" -}}
{{- printf "http://%s" (include "darmankar.serviceAddress" .) -}}
{{- end -}}

{{/* Name of a gRPC part's headless Service (one DNS record per ready pod). Args: root, name. */}}
{{- define "darmankar.headlessName" -}}
{{- printf "%s-headless" (include "darmankar.componentName" .) -}}
{{- end -}}

{{/*
The address a caller is given for a part: gRPC parts through their headless Service with the
dns resolver, so the client sees every pod and spreads calls over them (round robin) instead of
keeping one connection to one pod behind a ClusterIP; HTTP parts by their Service URL. The
headless name is fully qualified: grpc-js resolves it itself, and a short name would first walk
the pod's DNS search list. Args: root, name, svc (the raw entry).
*/}}
{{- define "darmankar.callAddress" -}}
{{- if eq .svc.protocol "grpc" -}}
{{- printf "dns:///%s.%s.svc.%s:%v" (include "darmankar.headlessName" .) .root.Release.Namespace .root.Values.clusterDomain .svc.port -}}
{{- else -}}
{{- include "darmankar.serviceUrl" . -}}
{{- end -}}
{{- end -}}

{{/*
The enabled parts that call a part (their `calls` name it), as a JSON list in name order. They
get its address variable and the NetworkPolicies let exactly them in. Args: root, name, and
optionally parts (darmankar.parts, decoded).
*/}}
{{- define "darmankar.callers" -}}
{{- $parts := .parts | default (fromJson (include "darmankar.parts" .root)) -}}
{{- $callers := list -}}
{{- range $other, $entry := $parts -}}
{{- if and $entry.enabled (ne $other $.name) (has $.name ($entry.calls | default list)) -}}
{{- $callers = append $callers $other -}}
{{- end -}}
{{- end -}}
{{- toJson $callers -}}
{{- end -}}

{{/* The enabled parts a part calls (its `calls`), as a JSON list in name order. Args: root, name, and optionally parts. */}}
{{- define "darmankar.callees" -}}
{{- $parts := .parts | default (fromJson (include "darmankar.parts" .root)) -}}
{{- $self := index $parts .name -}}
{{- $callees := list -}}
{{- range $other, $entry := $parts -}}
{{- if and $entry.enabled (ne $other $.name) (has $other ($self.calls | default list)) -}}
{{- $callees = append $callees $other -}}
{{- end -}}
{{- end -}}
{{- toJson $callees -}}
{{- end -}}

{{/* "true" when a part calls an enabled gRPC part, and so vouches for the user it acts for with the caller-assertion private key. Args: root, name, and optionally parts. */}}
{{- define "darmankar.signsCalls" -}}
{{- $parts := .parts | default (fromJson (include "darmankar.parts" .root)) -}}
{{- range $callee := fromJsonArray (include "darmankar.callees" (dict "root" .root "name" .name "parts" $parts)) -}}
{{- if eq (index $parts $callee).protocol "grpc" -}}true{{- end -}}
{{- end -}}
{{- end -}}

{{- define "darmankar.chartLabel" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Labels that select one part's pods. Args: root, name. */}}
{{- define "darmankar.selectorLabels" -}}
app.kubernetes.io/name: {{ .root.Chart.Name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .name }}
{{- end -}}

{{/* Full label set of one part's objects. Args: root, name. */}}
{{- define "darmankar.labels" -}}
{{ include "darmankar.selectorLabels" . }}
app.kubernetes.io/part-of: darmankar
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
helm.sh/chart: {{ include "darmankar.chartLabel" .root }}
{{- end -}}

{{/* Image reference of a part. Args: root, svc. */}}
{{- define "darmankar.image" -}}
{{- $g := .root.Values.global -}}
{{- $repository := .svc.image.repository -}}
{{- if $g.imageRegistry -}}
{{- $repository = printf "%s/%s" (trimSuffix "/" $g.imageRegistry) $repository -}}
{{- end -}}
{{- $tag := .svc.image.tag | default $g.imageTag | default .root.Chart.AppVersion -}}
{{- printf "%s:%s" $repository $tag -}}
{{- end -}}

{{- define "darmankar.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- .Values.serviceAccount.name | default (include "darmankar.fullname" .) -}}
{{- else -}}
{{- .Values.serviceAccount.name | default "default" -}}
{{- end -}}
{{- end -}}

{{/*
DATABASE_URL of a part, composed from external.postgres. Args: root, svc.
User and password are URL-escaped so any characters are safe.
*/}}
{{- define "darmankar.databaseUrl" -}}
{{- $pg := .root.Values.external.postgres -}}
{{- $auth := urlquery $pg.user -}}
{{- if $pg.password -}}
{{- $auth = printf "%s:%s" $auth (urlquery $pg.password) -}}
{{- end -}}
{{- $url := printf "postgres://%s@%s:%v/%s" $auth $pg.host $pg.port .svc.database -}}
{{- if $pg.sslmode -}}
{{- $url = printf "%s?sslmode=%s" $url $pg.sslmode -}}
{{- end -}}
{{- $url -}}
{{- end -}}

{{/*
Plain environment of a part (ConfigMap data): its port variable, the values' env rendered
through tpl, empty values dropped. Args: root, name, svc.
*/}}
{{- define "darmankar.configData" -}}
{{- $data := dict "OTEL_SERVICE_NAME" (printf "darmankar-%s" .name) -}}
{{- if eq .svc.protocol "grpc" -}}
{{- $_ := set $data "GRPC_PORT" (toString .svc.port) -}}
{{- else -}}
{{- $_ := set $data "PORT" (toString .svc.port) -}}
{{- end -}}
{{- /* The address variable of every part this one calls. */ -}}
{{- range $callee := fromJsonArray (include "darmankar.callees" .) -}}
{{- $entry := index $.root.Values.parts $callee -}}
{{- if $entry.addressVariable -}}
{{- $_ := set $data $entry.addressVariable (include "darmankar.callAddress" (dict "root" $.root "name" $callee "svc" $entry)) -}}
{{- end -}}
{{- end -}}
{{- with include "darmankar.trustProxy" . -}}
{{- $_ := set $data "TRUST_PROXY" . -}}
{{- end -}}
{{- range $key, $value := (.svc.env | default dict) -}}
{{- $rendered := tpl (toString $value) $.root -}}
{{- if $rendered -}}
{{- $_ := set $data $key $rendered -}}
{{- end -}}
{{- end -}}
{{- toYaml $data -}}
{{- end -}}

{{/*
TRUST_PROXY of an HTTP part: the hops allowed to tell it the client's address through
X-Forwarded-For, as comma-separated CIDR ranges. A `public` part trusts the ingress
controller's ranges; a part other parts call (the gateway, called by the web app, which
forwards exactly the client address it worked out) trusts the pod network too. Every other
source is the client itself, so a forged X-Forwarded-For never moves a client to another
rate-limit budget. Empty when nothing is trusted (the part's own default applies).
Args: root, name, svc.
*/}}
{{- define "darmankar.trustProxy" -}}
{{- if eq .svc.protocol "http" -}}
{{- $ranges := list -}}
{{- if .svc.public -}}
{{- $ranges = concat $ranges .root.Values.clientAddresses.ingressControllerCidrs -}}
{{- end -}}
{{- if fromJsonArray (include "darmankar.callers" .) -}}
{{- $ranges = concat $ranges .root.Values.clientAddresses.podCidrs -}}
{{- end -}}
{{- $ranges | uniq | join "," -}}
{{- end -}}
{{- end -}}

{{/*
Secret environment of a part (Secret stringData): DATABASE_URL when it has a database, the
values' secretEnv rendered through tpl, empty values dropped. Args: root, name, svc.
*/}}
{{- define "darmankar.secretData" -}}
{{- $data := dict -}}
{{- if .svc.database -}}
{{- $_ := set $data "DATABASE_URL" (include "darmankar.databaseUrl" .) -}}
{{- /* Without Kafka the event bus is the Postgres log, which every service with a database relays to. */ -}}
{{- if and (not .root.Values.external.kafka.brokers) .root.Values.external.postgres.eventsDatabase -}}
{{- $events := dict "root" .root "svc" (dict "database" .root.Values.external.postgres.eventsDatabase) -}}
{{- $_ := set $data "EVENTS_DATABASE_URL" (include "darmankar.databaseUrl" $events) -}}
{{- end -}}
{{- end -}}
{{- /* Services verify caller assertions with the public key; the gateway signs them with the private one. */ -}}
{{- if and (eq .svc.protocol "grpc") .root.Values.callerAssertion.publicKey -}}
{{- $_ := set $data "CALLER_ASSERTION_PUBLIC_KEY" .root.Values.callerAssertion.publicKey -}}
{{- end -}}
{{- if and .root.Values.callerAssertion.privateKey (include "darmankar.signsCalls" .) -}}
{{- $_ := set $data "CALLER_ASSERTION_PRIVATE_KEY" .root.Values.callerAssertion.privateKey -}}
{{- end -}}
{{- range $key, $value := (.svc.secretEnv | default dict) -}}
{{- $rendered := tpl (toString $value) $.root -}}
{{- if $rendered -}}
{{- $_ := set $data $key $rendered -}}
{{- end -}}
{{- end -}}
{{- toYaml $data -}}
{{- end -}}

{{/* Environment every process reads (the shared ConfigMap's data). */}}
{{- define "darmankar.commonData" -}}
NODE_ENV: {{ .Values.global.nodeEnv | quote }}
LOG_LEVEL: {{ .Values.global.logLevel | quote }}
{{- with .Values.external.otel.endpoint }}
OTEL_EXPORTER_OTLP_ENDPOINT: {{ . | quote }}
{{- end }}
{{- with .Values.external.kafka.brokers }}
KAFKA_BROKERS: {{ . | quote }}
{{- end }}
{{- end -}}

{{/* Name of the Secret made outside the chart that a part reads, or nothing: its existingSecret, else global.existingSecretPrefix and its name. Args: root, name, svc. */}}
{{- define "darmankar.existingSecret" -}}
{{- if .svc.existingSecret -}}
{{- .svc.existingSecret -}}
{{- else if .root.Values.global.existingSecretPrefix -}}
{{- printf "%s%s" .root.Values.global.existingSecretPrefix .name -}}
{{- end -}}
{{- end -}}

{{/* Name of the Secret a part's pods read. Args: root, name, svc. */}}
{{- define "darmankar.secretName" -}}
{{- include "darmankar.existingSecret" . | default (include "darmankar.componentName" .) -}}
{{- end -}}

{{/* Pod-level security context when hardened. */}}
{{- define "darmankar.podSecurityContext" -}}
{{- if .Values.hardened -}}
runAsNonRoot: true
runAsUser: {{ .Values.securityIds.runAsUser }}
runAsGroup: {{ .Values.securityIds.runAsGroup }}
fsGroup: {{ .Values.securityIds.fsGroup }}
seccompProfile:
  type: RuntimeDefault
{{- end -}}
{{- end -}}

{{/* Container-level security context when hardened. */}}
{{- define "darmankar.containerSecurityContext" -}}
{{- if .Values.hardened -}}
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
privileged: false
capabilities:
  drop:
    - ALL
{{- end -}}
{{- end -}}
