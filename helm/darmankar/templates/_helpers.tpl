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

{{/* In-cluster host:port of a part, for gRPC clients. Args: root, name. */}}
{{- define "darmankar.serviceAddress" -}}
{{- $svc := index .root.Values.services .name -}}
{{- printf "%s:%v" (include "darmankar.componentName" .) $svc.port -}}
{{- end -}}

{{/* In-cluster http:// URL of a part. Args: root, name. */}}
{{- define "darmankar.serviceUrl" -}}
{{- printf "http://%s" (include "darmankar.serviceAddress" .) -}}
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
{{- range $key, $value := (.svc.env | default dict) -}}
{{- $rendered := tpl (toString $value) $.root -}}
{{- if $rendered -}}
{{- $_ := set $data $key $rendered -}}
{{- end -}}
{{- end -}}
{{- toYaml $data -}}
{{- end -}}

{{/*
Secret environment of a part (Secret stringData): DATABASE_URL when it has a database, the
values' secretEnv rendered through tpl, empty values dropped. Args: root, name, svc.
*/}}
{{- define "darmankar.secretData" -}}
{{- $data := dict -}}
{{- if .svc.database -}}
{{- $_ := set $data "DATABASE_URL" (include "darmankar.databaseUrl" .) -}}
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

{{/* Name of the Secret a part's pods read. Args: root, name, svc. */}}
{{- define "darmankar.secretName" -}}
{{- .svc.existingSecret | default (include "darmankar.componentName" .) -}}
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
