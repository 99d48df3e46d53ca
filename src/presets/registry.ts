/** Every library preset, in the order `backoff presets` lists them. A new library: one file, one line here. */
import { argo } from "./argo.js";
import { awsSdk } from "./aws-sdk.js";
import { axiosRetry } from "./axios-retry.js";
import { bullmq } from "./bullmq.js";
import { celery } from "./celery.js";
import { cenkalti } from "./cenkalti.js";
import { cockatiel } from "./cockatiel.js";
import { contour } from "./contour.js";
import { echomq } from "./echomq.js";
import { envoy } from "./envoy.js";
import { envoyGateway } from "./envoy-gateway.js";
import { exponentialBackoff } from "./exponential-backoff.js";
import { goRetryablehttp } from "./go-retryablehttp.js";
import { got } from "./got.js";
import { grpc } from "./grpc.js";
import { grpcCore } from "./grpc-core.js";
import { grpcJs } from "./grpc-js.js";
import { grpcRetry } from "./grpc-retry.js";
import { istio } from "./istio.js";
import { kafka } from "./kafka.js";
import { kubernetes } from "./kubernetes.js";
import { kubernetesJob } from "./kubernetes-job.js";
import { nodeRetry } from "./node-retry.js";
import { polly } from "./polly.js";
import { pRetry } from "./p-retry.js";
import { resilience4j } from "./resilience4j.js";
import { sidekiq } from "./sidekiq.js";
import { springRetry } from "./spring-retry.js";
import { stepFunctions } from "./step-functions.js";
import { temporal } from "./temporal.js";
import { tenacity } from "./tenacity.js";
import type { Preset } from "./types.js";
import { editDistance } from "../core/text/closest.js";
import { urllib3 } from "./urllib3.js";

export const PRESETS: readonly Preset[] = [
  echomq,
  bullmq,
  nodeRetry,
  pRetry,
  exponentialBackoff,
  cockatiel,
  awsSdk,
  grpc,
  grpcCore,
  grpcJs,
  grpcRetry,
  sidekiq,
  celery,
  tenacity,
  cenkalti,
  polly,
  resilience4j,
  kubernetes,
  envoy,
  istio,
  contour,
  envoyGateway,
  temporal,
  stepFunctions,
  argo,
  kubernetesJob,
  urllib3,
  springRetry,
  kafka,
  goRetryablehttp,
  axiosRetry,
  got,
];

export function findPreset(name: string): Preset | undefined {
  return PRESETS.find((preset) => preset.name === name.trim().toLowerCase());
}

/** The preset name closest to a mistyped one (also matching a prefix or the npm package name, e.g. "retry"). */
/** Every preset's name, sorted, for a message that lists them. */
export function presetNames(): string[] {
  return PRESETS.map((preset) => preset.name).sort();
}

export function closestPreset(name: string): string | null {
  const wanted = name.trim().toLowerCase();
  const aliases: Record<string, string> = { retry: "node-retry", "@grpc/grpc-js": "grpc-js", "@smithy/util-retry": "aws-sdk", smithy: "aws-sdk", aws: "aws-sdk", k8s: "kubernetes", "grpc-go": "grpc", backoff: "cenkalti",
    "grpc-c": "grpc-core", grpcio: "grpc-core",
    sfn: "step-functions", "aws-step-functions": "step-functions", stepfunctions: "step-functions", "argo-workflows": "argo", "k8s-job": "kubernetes-job",
    job: "kubernetes-job", retryablehttp: "go-retryablehttp", spring: "spring-retry", "kafka-clients": "kafka", requests: "urllib3" };
  const alias = aliases[wanted];
  if (alias) return alias;
  let best = PRESETS[0]!.name;
  let bestDistance = Infinity;
  for (const preset of PRESETS) {
    const distance = editDistance(wanted, preset.name);
    if (distance < bestDistance) {
      best = preset.name;
      bestDistance = distance;
    }
  }
  // Near only: two edits, and at most a third of the name ("sidekiq" for "sidekik", never
  // "node-retry" for "nonexistent"), or a shared start of three letters or more.
  if (bestDistance <= Math.min(2, Math.max(1, Math.floor(wanted.length / 3)))) return best;
  const prefixed = PRESETS.find((preset) => wanted.length >= 3 && (preset.name.startsWith(wanted) || wanted.startsWith(preset.name)));
  return prefixed ? prefixed.name : null;
}
