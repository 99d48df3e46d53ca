/** The library presets, grouped as `backoff presets` lists them. A new library: one file, one line in its group. */
import { argo } from "./argo.js";
import { awsSdk } from "./aws-sdk.js";
import { axiosRetry } from "./axios-retry.js";
import { bullmq } from "./bullmq.js";
import { celery } from "./celery.js";
import { cenkalti } from "./cenkalti.js";
import { cockatiel } from "./cockatiel.js";
import { contour } from "./contour.js";
import { dapr } from "./dapr.js";
import { echomq } from "./echomq.js";
import { envoy } from "./envoy.js";
import { envoyGateway } from "./envoy-gateway.js";
import { exponentialBackoff } from "./exponential-backoff.js";
import { gatewayApi } from "./gateway-api.js";
import { goRetryablehttp } from "./go-retryablehttp.js";
import { got } from "./got.js";
import { grpc } from "./grpc.js";
import { grpcCore } from "./grpc-core.js";
import { grpcJs } from "./grpc-js.js";
import { grpcRetry } from "./grpc-retry.js";
import { istio } from "./istio.js";
import { kafka } from "./kafka.js";
import { knative } from "./knative.js";
import { kubernetes } from "./kubernetes.js";
import { kubernetesJob } from "./kubernetes-job.js";
import { lambdaAsync } from "./lambda-async.js";
import { linkerd, linkerdProfile } from "./linkerd.js";
import { nickFieldsRetry } from "./nick-fields-retry.js";
import { nodeRetry } from "./node-retry.js";
import { polly } from "./polly.js";
import { pRetry } from "./p-retry.js";
import { resilience4j } from "./resilience4j.js";
import { sidekiq } from "./sidekiq.js";
import { springCloudGateway } from "./spring-cloud-gateway.js";
import { springRetry } from "./spring-retry.js";
import { stepFunctions } from "./step-functions.js";
import { temporal } from "./temporal.js";
import { tenacity } from "./tenacity.js";
import { traefik } from "./traefik.js";
import type { Preset, PresetRelease } from "./types.js";
import { closest } from "../core/text/closest.js";
import { urllib3 } from "./urllib3.js";
import { wretry } from "./wretry.js";

/** How `backoff presets` lists a preset on one line: a short library label (its version) and one phrase on its default schedule. */
export interface PresetListing {
  readonly preset: Preset;
  /** The version reproduced (with the library's name where it is not the preset's), from `library`. */
  readonly label: string;
  /** The default schedule in one phrase: first wait, growth, cap, jitter, when it stops. */
  readonly phrase: string;
}

/** A group of presets as `backoff presets` shows them, sorted by name within it. */
export interface PresetGroup {
  readonly title: string;
  readonly entries: readonly PresetListing[];
}

const listed = (preset: Preset, label: string, phrase: string): PresetListing => ({ preset, label, phrase });

/** Every library preset, grouped. A new library: one file, one line in its group here. */
export const PRESET_GROUPS: readonly PresetGroup[] = [
  {
    title: "Job queues and messaging",
    entries: [
      listed(bullmq, "6.7.0", "doubling; no retries (attempts: 1)"),
      listed(celery, "5.6.3", "2^(a−1) s to 600 s, jitter, 3 retries"),
      listed(echomq, "fiberfx", "1 s ×2, ±20 %, no retry count"),
      listed(kafka, "producer 3.7+", "100 ms ×2 to 1 s, ±20 %, for 120 s"),
      listed(knative, "knative-v1.22.0", "200 ms ×2, no cap, 10 retries"),
      listed(lambdaAsync, "dev guide 2025", "1 min, then 2 min, 2 retries"),
      listed(sidekiq, "8.x", "(a−1)^4 + 15 s + random, 25 retries"),
    ],
  },
  {
    title: "Retry libraries",
    entries: [
      listed(cenkalti, "backoff/v7 7.0.0", "500 ms ×1.5 to 60 s, ±50 %, for 15 min"),
      listed(cockatiel, "3.2.1", "decorrelated, 128 ms to 30 s, forever"),
      listed(exponentialBackoff, "3.1.3", "100 ms ×2, no cap, 9 retries"),
      listed(nodeRetry, "retry 0.13.1", "1 s ×2, no cap, 10 retries"),
      listed(pRetry, "9.0.0", "1 s ×2, no cap, 10 retries"),
      listed(polly, "Polly.Core 8.x", "constant 2 s, 3 retries"),
      listed(resilience4j, "2.4.0", "500 ms ×1.5, ±50 %, no cap, 2 retries"),
      listed(springRetry, "2.0.12", "100 ms ×2 to 30 s, 2 retries"),
      listed(tenacity, "9.1.4", "1 s ×2, no cap, forever"),
    ],
  },
  {
    title: "HTTP clients",
    entries: [
      listed(axiosRetry, "4.5.0", "no wait by default, 3 retries"),
      listed(goRetryablehttp, "v0.7.8", "1 s ×2 to 30 s, 4 retries"),
      listed(got, "16.2.0", "1 s ×2 + 0–100 ms, no cap, 2 retries"),
      listed(urllib3, "2.7.0", "0, then 1 s ×2 to 120 s, 10 retries"),
    ],
  },
  {
    title: "RPC and cloud SDKs",
    entries: [
      listed(awsSdk, "@smithy 3.41.1", "full jitter of 50 ms ×2, 2 retries"),
      listed(grpc, "connection spec", "1 s ×1.6 to 120 s, ±20 %, forever"),
      listed(grpcCore, "C-core (2025)", "1 s ×1.6 to 120 s, ±20 %, forever"),
      listed(grpcJs, "1.14.7", "1 s ×1.6 to 120 s, ±20 %, forever"),
      listed(grpcRetry, "grpc-go 1.69+", "100 ms ×2 to 1 s, ±20 %, 3 retries"),
    ],
  },
  {
    title: "Service meshes and proxies",
    entries: [
      listed(contour, "1.33", "25–250 ms ×2, full jitter, 1 retry"),
      listed(dapr, "1.18.3", "constant 5 s, forever"),
      listed(envoy, "1.3x", "25–250 ms ×2, full jitter, 1 retry"),
      listed(envoyGateway, "1.9", "25–250 ms ×2, full jitter, 2 retries"),
      listed(gatewayApi, "v1.6.1", "25–250 ms ×2, full jitter, 2 retries"),
      listed(istio, "1.26+", "25–250 ms ×2, full jitter, 2 retries"),
      listed(linkerd, "2.16+", "25 ms ×2 to 250 ms, +0–100 %, 1 retry"),
      listed(linkerdProfile, "edge-26.8.3", "no wait, no retry count (retry budget)"),
      listed(springCloudGateway, "5.0.3", "no wait by default, 3 retries"),
      listed(traefik, "v3.7.9", "example 100 ms ×1.26, ±50 %, 3 retries"),
    ],
  },
  {
    title: "Workflow engines",
    entries: [
      listed(argo, "v4.1.2", "the example's 1 s ×2, 10 retries"),
      listed(nickFieldsRetry, "v4.0.0", "fixed 10 s, 2 retries (max_attempts 3)"),
      listed(stepFunctions, "ASL (2023)", "1 s ×2, no cap, 3 retries"),
      listed(temporal, "server 1.31.2", "1 s ×2 to 100 s, forever"),
      listed(wretry, "v3.8.0", "at once (attempt_delay 0 ms), 1 retry"),
    ],
  },
  {
    title: "Kubernetes",
    entries: [
      listed(kubernetes, "kubelet 1.3x", "0, then 10 s ×2 to 5 min, forever"),
      listed(kubernetesJob, "Kubernetes 1.3x", "10 s ×2 to 10 min, 6 retries"),
    ],
  },
];

/** Every library preset, in the order `backoff presets` lists them (by group, then by name). */
export const PRESETS: readonly Preset[] = PRESET_GROUPS.flatMap((group) => group.entries.map((entry) => entry.preset));

/** The separator of a version variant, `grpc-retry@1.68`; a version begins with a digit (chain's `@budget` never does). */
export const VERSION_SEPARATOR = "@";
const VERSIONED = /^([^@]+)@(\d[\w.+-]*)$/;

/**
 * A preset by name, or one of its older releases by `NAME@VERSION` (issue 39, item 4): the
 * preset with that release's defaults, named and labelled as the release.
 */
export function findPreset(name: string): Preset | undefined {
  const typed = name.trim().toLowerCase();
  const versioned = VERSIONED.exec(typed);
  const preset = PRESETS.find((each) => each.name === (versioned === null ? typed : versioned[1]!.trim()));
  if (preset === undefined || versioned === null) return preset;
  const version = preset.versions?.find((each) => each.version === versioned[2]);
  return version === undefined ? undefined : versionVariant(preset, version);
}

/**
 * The preset as an older release computed it: the release's own model where it has one (else
 * the preset's), from the release's defaults with the user's overrides over them, and its own
 * description where it differs.
 */
export function versionVariant(preset: Preset, version: PresetRelease): Preset {
  const build = version.build ?? preset.build;
  const described = version.described ?? {};
  return {
    ...preset,
    ...described,
    name: `${preset.name}${VERSION_SEPARATOR}${version.version}`,
    library: `${version.releases} (${preset.name} models the newest: ${preset.library})`,
    quirks: [`${version.releases}: ${version.changed}`, ...(described.quirks ?? preset.quirks)],
    versions: [],
    build: (overrides) => build({ ...version.defaults, ...overrides }),
  };
}

/** For NAME@VERSION of a preset there is but a version it has not: which versions it has; else null. */
export function unknownVersionText(name: string): string | null {
  const at = name.indexOf(VERSION_SEPARATOR);
  const base = at < 0 ? undefined : findPreset(name.slice(0, at));
  if (base === undefined) return null;
  const versions = (base.versions ?? []).map((version) => `${base.name}${VERSION_SEPARATOR}${version.version} (${version.releases})`);
  const known = versions.length === 0 ? `it models one, the newest: ${base.name}` : `its older ones are ${versions.join(", ")}; ${base.name} alone is the newest`;
  return `${base.name} has no version ${JSON.stringify(name.slice(at + 1).trim())}; ${known}`;
}

/** Every version variant's name (`grpc-retry@1.68`), in the order of PRESETS: for completion and messages. */
export function presetVersionNames(): string[] {
  return PRESETS.flatMap((preset) => (preset.versions ?? []).map((version) => `${preset.name}${VERSION_SEPARATOR}${version.version}`));
}

/** Every preset's name, sorted, for a message that lists them. */
export function presetNames(): string[] {
  return PRESETS.map((preset) => preset.name).sort();
}

/** The other words people type for the presets (each preset's `aliases`), alias → preset name. */
export const PRESET_ALIASES: ReadonlyMap<string, string> = new Map(PRESETS.flatMap((preset) => (preset.aliases ?? []).map((alias) => [alias, preset.name] as const)));

/** The preset a mistyped name most likely means ("sidekik", "bull", or an alias such as "retry"), by the one rule of core/text/closest.ts. */
export function closestPreset(name: string): string | null {
  return closest(name.trim(), PRESETS.map((preset) => preset.name), PRESET_ALIASES);
}
