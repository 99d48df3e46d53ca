import type { ConfigShape } from "../shape.js";
import { argo } from "./argo.js";
import { backoff } from "./backoff.js";
import { bullmq } from "./bullmq.js";
import { contour } from "./contour.js";
import { dapr } from "./dapr.js";
import { envoy } from "./envoy.js";
import { envoyGateway } from "./envoy-gateway.js";
import { gatewayApi } from "./gateway-api.js";
import { grpc } from "./grpc.js";
import { istio } from "./istio.js";
import { kafka } from "./kafka.js";
import { knative } from "./knative.js";
import { linkerd } from "./linkerd.js";
import { linkerdProfile } from "./linkerd-profile.js";
import { kubernetesJob } from "./kubernetes-job.js";
import { lambdaAsync } from "./lambda-async.js";
import { nickFieldsRetry } from "./nick-fields-retry.js";
import { resilience4j } from "./resilience4j.js";
import { springCloudStream } from "./spring-cloud-stream.js";
import { springRabbitmq } from "./spring-rabbitmq.js";
import { springCloudGateway } from "./spring-cloud-gateway.js";
import { stepFunctions } from "./step-functions.js";
import { traefik } from "./traefik.js";
import { wretry } from "./wretry.js";

/**
 * The configuration shapes `check PATH` recognises, each in its own file (shape.ts says
 * what one declares). Adding one is its file and a line here. The order is the order in
 * which a file's policies are found and reported, and in which the "recognised: …"
 * message and docs/check-files.md list the shapes.
 */
export const SHAPES: readonly ConfigShape[] = [
  backoff,
  bullmq,
  stepFunctions,
  kubernetesJob,
  argo,
  istio,
  contour,
  envoyGateway,
  gatewayApi,
  linkerd,
  linkerdProfile,
  knative,
  envoy,
  dapr,
  traefik,
  resilience4j,
  springCloudGateway,
  kafka,
  springRabbitmq,
  springCloudStream,
  grpc,
  nickFieldsRetry,
  wretry,
  lambdaAsync,
];

const BY_SYSTEM = new Map(SHAPES.map((shape) => [shape.system, shape]));

/** The shape of a system a recogniser reported (every one is registered: a test holds it). */
export function shapeOf(system: string): ConfigShape {
  const shape = BY_SYSTEM.get(system);
  if (shape === undefined) throw new Error(`no shape in the registry reports policies as ${JSON.stringify(system)}`);
  return shape;
}

/** For "no retry policy found in F; recognised: …". */
export const RECOGNISED = SHAPES.map((shape) => shape.recognised).join(", ");

/** One expression matching any of the shapes' words (their sources joined; multi-line, for `^` in a .properties line). */
function anyOf(words: ReadonlyArray<RegExp | undefined>): RegExp {
  const sources = words.filter((word): word is RegExp => word !== undefined).map((word) => `(?:${word.source})`);
  return sources.length === 0 ? /(?!)/ : new RegExp(sources.join("|"), "m");
}

/**
 * The key-word pre-filter (ConfigShape.words), built once: a JSON or YAML text found
 * while scanning, one named on the command line, a .properties text, a .toml text.
 */
export const SHAPE_WORDS = {
  tree: anyOf(SHAPES.map((shape) => shape.words.tree)),
  template: anyOf(SHAPES.map((shape) => shape.words.template ?? shape.words.tree)),
  named: anyOf(SHAPES.map((shape) => shape.words.named ?? shape.words.tree)),
  properties: anyOf(SHAPES.map((shape) => shape.words.properties)),
  toml: anyOf(SHAPES.map((shape) => shape.words.toml)),
} as const;
