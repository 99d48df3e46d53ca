import { describe, expect, it } from "vitest";
import { PRESETS } from "../../../src/presets/registry.js";
import { runCli } from "../../support/cli.js";

function backoff(...argv: string[]) {
  return runCli(argv, { env: { NO_COLOR: "1" } });
}

describe("backoff presets", () => {
  it("lists all of the registry with formula, defaults and source", async () => {
    const { code, stdout } = await backoff("presets");
    expect(code).toBe(0);
    for (const name of ["echomq", "bullmq", "node-retry", "p-retry", "exponential-backoff", "cockatiel", "aws-sdk", "grpc", "grpc-core", "grpc-js", "grpc-retry", "sidekiq", "celery", "tenacity", "cenkalti", "polly", "resilience4j", "kubernetes",
      "envoy", "istio", "contour", "envoy-gateway", "temporal", "step-functions", "argo", "kubernetes-job", "urllib3", "spring-retry", "kafka", "go-retryablehttp", "axios-retry", "got"]) {
      expect(stdout).toMatch(new RegExp(`^${name} +\\S`, "m"));
    }
    expect(stdout.match(/^ +source: /gm)).toHaveLength(PRESETS.length);
    expect(stdout.match(/^ +defaults: /gm)).toHaveLength(PRESETS.length);
  });

  it("prints one in full, quirks included", async () => {
    const { code, stdout } = await backoff("presets", "grpc-js");
    expect(code).toBe(0);
    expect(stdout).toMatch(/^grpc-js: @grpc\/grpc-js 1.14.7/);
    expect(stdout).toMatch(/quirks:\n  - The jitter compounds/);
    expect(stdout).toContain("--jitter");
  });

  it("an unknown name exits 2 with a suggestion", async () => {
    const { code, stdout, stderr } = await backoff("presets", "celey");
    expect([code, stdout]).toEqual([2, ""]);
    expect(stderr).toBe(`error: presets has no preset "celey"; did you mean "celery"? (backoff presets lists all ${PRESETS.length})\n`);
  });
});
