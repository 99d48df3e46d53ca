/**
 * The preset registry (src/presets/registry.ts): every preset in order with a source, a
 * formula and quirks, the libraries' own default retry counts, the closest name for a typo,
 * every default model sampling inside its bounds, and uncapped presets far out saturated,
 * never NaN.
 */
import { describe, expect, it } from "vitest";
import { SATURATED_MS } from "../../src/core/limits.js";
import { PRESETS, PRESET_ALIASES, PRESET_GROUPS, closestPreset, findPreset, presetVersionNames, unknownVersionText } from "../../src/presets/registry.js";
import { presetVersion } from "../../src/format/preset-text.js";
import { stopRuleOf } from "../../src/presets/stop-rule.js";
import type { PresetOverrides } from "../../src/presets/types.js";
import { assertSamplesInBounds } from "../support/samples.js";
import { model } from "../support/presets.js";
import { generatedDoc } from "../support/registries.js";

describe("the registry", () => {
  // The inventory: the one test that holds the list, against the generated docs/presets.md (npm run
  // docs writes it from this registry; its "All presets" table has a row per preset, in this order).
  it("holds the presets docs/presets.md lists, grouped as backoff presets lists them, each with a source and a formula", () => {
    // Listed by group (job queues, retry libraries, HTTP clients, RPC, meshes, workflow engines and CI, Kubernetes), by name within each.
    const table = generatedDoc("docs/presets.md").split("\n## All presets\n")[1]!.split("\n## ")[0]!;
    const listed = [...table.matchAll(/^\| \[`([^`]+)`\]\(#([^)]+)\) \|/gm)].map((match) => [match[1], match[2]]);
    expect(PRESETS.map((p) => [p.name, p.name])).toEqual(listed);
    expect(PRESETS.map((p) => p.name)).toEqual(PRESET_GROUPS.flatMap((group) => group.entries.map((entry) => entry.preset.name)));
    for (const preset of PRESETS) {
      expect(preset.source.length).toBeGreaterThan(5);
      expect(preset.formula.length).toBeGreaterThan(5);
      expect(preset.quirks.length).toBeGreaterThan(0);
    }
  });

  it("suggests the closest name", () => {
    expect(closestPreset("bulmq")).toBe("bullmq");
    expect(closestPreset("retry")).toBe("node-retry");
    expect(closestPreset("grpcjs")).toBe("grpc-js");
    expect(closestPreset("sidekik")).toBe("sidekiq");
    expect(closestPreset("tenacty")).toBe("tenacity");
    expect(closestPreset("nonexistent")).toBeNull(); // 6 edits from node-retry, no shared start
    expect(closestPreset("__proto__")).toBeNull();
    expect(closestPreset("constructor")).toBeNull();
  });

  it("answers the words people type for a library with its preset: each preset's own aliases", () => {
    expect(closestPreset("k8s")).toBe("kubernetes");
    expect(closestPreset("requests")).toBe("urllib3");
    expect(closestPreset("@grpc/grpc-js")).toBe("grpc-js");
    for (const preset of PRESETS) for (const alias of preset.aliases ?? []) expect(closestPreset(alias), alias).toBe(preset.name);
  });

  it("an alias is one preset's, and no spelling of a name (those are found without it)", () => {
    const folded = (word: string) => word.toLowerCase().replace(/[-_]/g, "");
    const aliases = PRESETS.flatMap((preset) => preset.aliases ?? []);
    expect(new Set(aliases.map(folded)).size).toBe(aliases.length);
    const names = new Set(PRESETS.map((preset) => folded(preset.name)));
    expect(aliases.filter((alias) => names.has(folded(alias)))).toEqual([]);
    expect(PRESET_ALIASES.size).toBe(aliases.length);
  });

  it("the default retry counts are the libraries' own", () => {
    const counts = new Map(PRESETS.map((p) => [p.name, p.defaultRetries]));
    // Each library's own count, read from its source (a new preset's is in its own twin).
    const expected: Record<string, number | null> = {
      echomq: null, // backoff.ex has no retry count
      bullmq: 0, // attempts defaults to 1 (job.ts)
      "node-retry": 10, // retry.js: retries: 10
      "p-retry": 10, // index.js: options.retries ??= 10
      "exponential-backoff": 9, // options.ts: numOfAttempts 10, counting the first call
      cockatiel: null, // Policy.ts retry(): maxAttempts ?? Infinity
      "aws-sdk": 2, // config.ts: DEFAULT_MAX_ATTEMPTS = 3, counting the first call
      grpc: null, // connection backoff retries forever
      "grpc-core": null,
      "grpc-js": null,
      "grpc-retry": 3, // A6's example retryPolicy: maxAttempts 4, counting the first call (every field is required)
      sidekiq: 25, // job_retry.rb: DEFAULT_MAX_RETRY_ATTEMPTS = 25
      celery: 3, // task.py: max_retries = 3
      tenacity: null, // stop_never
      cenkalti: null, // stops by MaxElapsedTime only
      polly: 3, // RetryConstants.cs: DefaultRetryCount = 3
      resilience4j: 2, // RetryConfig maxAttempts 3, counting the first call
      kubernetes: null, // restartPolicy Always
      envoy: 1, // retry_policy_impl.cc: PROTOBUF_GET_WRAPPED_OR_DEFAULT(retry_policy, num_retries, 1)
      istio: 2, // retry.go: defaultNumRetries = 2
      contour: 1, // internal/dag/policy.go: count 0 or unset → numRetries = 1
      dapr: null, // dapr/kit retry.DefaultConfig: MaxRetries −1 (no WithMaxRetries)
      "spring-gateway": 3, // RetryConfig retries = 3
      traefik: 3, // no default attempts; the docs' example attempts: 4, counting the first try
      "envoy-gateway": 2, // internal/xds/translator/route.go: retryDefaultNumRetries = 2
      knative: 10, // config-br-defaults as shipped: retry 10 (a delivery without retry makes none)
      linkerd: 1, // parse_http_retry: limit.unwrap_or(1)
      "linkerd-profile": null, // ServiceProfile retries: no count, the retry budget
      "gateway-api": 2, // Istio conversion.go ptr.OrDefault(r.Retry.Attempts, 2); Envoy Gateway retryDefaultNumRetries = 2
      temporal: null, // DefaultDefaultRetrySettings.MaximumAttempts 0 = unlimited
      "step-functions": 3, // MaxAttempts defaults to 3
      argo: 10, // no default limit in Argo; examples/retry-backoff.yaml's limit 10
      "kubernetes-job": 6, // spec.backoffLimit defaults to 6
      urllib3: 10, // Retry(total=10)
      "spring-retry": 2, // SimpleRetryPolicy.DEFAULT_MAX_ATTEMPTS = 3, counting the first call
      kafka: 2147483647, // ProducerConfig retries Integer.MAX_VALUE
      "go-retryablehttp": 4, // defaultRetryMax = 4
      "axios-retry": 3, // DEFAULT_OPTIONS.retries = 3
      got: 2, // retry.limit 2
      "nick-fields-retry": 2, // inputs.ts: max_attempts || 3, counting the first try
      wretry: 1, // Retry.js: attempt_limit || 2, counting the first try
      "lambda-async": 2, // EventInvokeConfig MaximumRetryAttempts defaults to 2
    };
    for (const [name, count] of Object.entries(expected)) expect([name, counts.has(name) ? counts.get(name) : "no such preset"]).toEqual([name, count]);
    for (const preset of PRESETS) {
      const built = preset.build({});
      if (preset.defaultRetries !== null && preset.defaultRetries > 0) expect(built.retries).toBe(preset.defaultRetries);
    }
  });

  it("every preset's default model samples inside its bounds (property, fixed seed)", () => {
    for (const preset of PRESETS) assertSamplesInBounds(preset.build({}), 40, 60);
  });
});

describe("uncapped presets far out: saturated, never NaN", () => {
  // 2^600 × 100 ms overflows the exact mean's squares; 2^1100 × 1000 ms is Infinity, and Infinity × 0 is NaN.
  it.each([
    ["axios-retry", {}, 600],
    ["axios-retry", {}, 1100],
    ["got", {}, 1100],
    ["step-functions", { jitter: "FULL" }, 1100],
  ] as [string, PresetOverrides, number][])("%s %j at attempt %i", (name, overrides, attempt) => {
    const m = model(name, overrides);
    expect(m.delay(attempt).delayMs).toBe(SATURATED_MS);
    expect(m.meanMs(attempt)).toBe(SATURATED_MS);
    expect(m.bounds(attempt).maxMs).toBe(SATURATED_MS);
    const sample = m.sampler({ fraction: () => 0, integer: (min) => min });
    for (let a = 1; a < attempt; a++) sample(a);
    expect(Number.isNaN(sample(attempt))).toBe(false);
  });
});

// The list's one-line entries are hand-written beside each preset's own data: these hold them to it.
describe("the preset registry's groups", () => {
  const entries = PRESET_GROUPS.flatMap((group) => group.entries);

  it("list every preset once, sorted by name within each group", () => {
    expect(new Set(entries.map((entry) => entry.preset.name)).size).toBe(PRESETS.length);
    for (const group of PRESET_GROUPS) {
      const names = group.entries.map((entry) => entry.preset.name);
      expect(names, group.title).toEqual([...names].sort());
    }
  });

  it("label each preset with the version its library line names", () => {
    for (const { preset, label } of entries) {
      const version = presetVersion(preset);
      if (version !== null) expect(label, preset.name).toContain(version);
    }
  });

  it("say in the phrase the stopping rule the model has: the retry count, forever, or a time", () => {
    for (const { preset, phrase } of entries) {
      const rule = stopRuleOf(preset, preset.build({}));
      const count = /(\d+) retr(?:y|ies)\b/.exec(phrase);
      if (rule.kind === "count") {
        if (rule.retries === 0) expect(phrase, preset.name).toContain("no retries");
        else expect(Number(count?.[1]), preset.name).toBe(rule.retries);
      } else if (rule.kind === "forever") {
        expect(phrase, preset.name).toMatch(/forever|no retry count/);
      } else {
        // An elapsed-time stop: "for 15 min" (cenkalti), "for 120 s" (kafka's delivery.timeout.ms).
        expect(phrase, preset.name).toMatch(/\bfor \d+ (?:s|min)$/);
      }
    }
  });

  it("find presets by name, whatever the case and spaces", () => {
    expect(findPreset(" BullMQ ")?.name).toBe("bullmq");
    expect(findPreset("bull")).toBeUndefined();
  });
});

describe("a library with a time limit hands it to the deadline model (PresetModel.timed)", () => {
  it("every preset with a maxElapsedMs parameter, built with a limit, gives its waits as drawn and its rule", () => {
    // The rules read from each library's source (see each preset's timed comment): the limit counted from before the
    // first try, but Sidekiq's retry_for from the first failure; Kafka's delivery.timeout.ms a deadline too.
    const rules: Record<string, unknown> = {};
    for (const preset of PRESETS) {
      if (preset.parameters.maxElapsedMs === undefined) continue;
      const built = preset.build({ maxElapsedMs: 60_000 });
      rules[preset.name] = built.timed === undefined ? null : { ...built.timed.stop, deadlineMs: built.timed.deadlineMs };
    }
    // Each library's rule (a new preset's is in its own twin).
    const expected: Record<string, unknown> = {
      argo: { rule: "fits", limitMs: 60_000, from: "first-try", deadlineMs: null },
      cenkalti: { rule: "fits", limitMs: 60_000, from: "first-try", deadlineMs: null },
      kafka: { rule: "fits", limitMs: 59_999, from: "first-try", deadlineMs: 60_000 },
      "lambda-async": { rule: "fits", limitMs: 60_000, from: "first-try", deadlineMs: null },
      "p-retry": { rule: "cut", limitMs: 60_000, from: "first-try", deadlineMs: null },
      sidekiq: { rule: "while", limitMs: 60_000, from: "first-failure", deadlineMs: null },
      // Repeat.timeout from the subscription: a retry whose wait would end past it is not made.
      "spring-gateway": { rule: "fits", limitMs: 60_000, from: "first-try", deadlineMs: null },
      temporal: { rule: "fits", limitMs: 60_000, from: "first-try", deadlineMs: null },
    };
    for (const [name, rule] of Object.entries(expected)) expect([name, Object.hasOwn(rules, name) ? rules[name] : "no --max-elapsed"]).toEqual([name, rule]);
  });

  it("no preset's default model stops by time without handing its limit over", () => {
    for (const preset of PRESETS) {
      const built = preset.build({});
      if (built.stop !== null) expect(built.timed, preset.name).toBeDefined();
    }
  });
});

describe("versions: an older release as name@version (issue 39, item 4)", () => {
  const versioned = PRESETS.flatMap((preset) => (preset.versions ?? []).map((version) => ({ preset, version })));

  it("every version names its releases, what changed and its sources, and begins with a digit (chain's @budget never does)", () => {
    expect(versioned.length).toBeGreaterThan(0);
    for (const { preset, version } of versioned) {
      expect(version.version, preset.name).toMatch(/^\d/);
      expect(version.releases.length, preset.name).toBeGreaterThan(0);
      expect(version.changed.length, preset.name).toBeGreaterThan(0);
      expect(version.sources.length, preset.name).toBeGreaterThan(0);
      // A release differs in some default, or has its own model (got@14: the waits before 16.1.0).
      expect(Object.keys(version.defaults).length > 0 || version.build !== undefined, `${preset.name}@${version.version} differs in some default or its model`).toBe(true);
    }
    expect(presetVersionNames()).toEqual(versioned.map(({ preset, version }) => `${preset.name}@${version.version}`));
  });

  it("each is found by name@version, named so, and built from its release's defaults under the user's overrides, by its own model where it has one", () => {
    for (const { preset, version } of versioned) {
      const variant = findPreset(` ${preset.name.toUpperCase()}@${version.version} `)!;
      expect(variant.name).toBe(`${preset.name}@${version.version}`);
      expect(variant.versions).toEqual([]);
      expect(variant.build({}).parameters).toEqual((version.build ?? preset.build)(version.defaults).parameters);
      expect(variant.library).toBe(`${version.releases} (${preset.name} models the newest: ${preset.library})`);
      expect(variant.quirks[0]).toBe(`${version.releases}: ${version.changed}`);
      for (const [key, value] of Object.entries(version.described ?? {})) if (key !== "quirks") expect(variant[key as keyof typeof variant], `${variant.name} ${key}`).toEqual(value);
    }
  });

  it("a release with its own model is built by it: got@14 makes no 1 ms floor, got does (16.1.0's Math.max(1, …))", () => {
    // backoffLimit 0, noise 0: got 16.2.0 Math.max(1, Math.min(1000, 0) + 0) = 1 ms; got 14.6.6 returns 0, no retry, refused.
    expect(findPreset("got")!.build({ capMs: 0, jitter: "0" }).delay(1).delayMs).toBe(1);
    expect(() => findPreset("got@14")!.build({ capMs: 0, jitter: "0" })).toThrow(/can fall below 1 ms/);
  });

  it("an unknown version of a known preset names the versions there are; of an unknown preset, nothing", () => {
    expect(findPreset("grpc-retry@9")).toBeUndefined();
    expect(unknownVersionText("grpc-retry@9")).toBe('grpc-retry has no version "9"; its older ones are grpc-retry@1.68 (grpc-go before 1.69.0 (and gRFC A6 before its August 2024 update)); grpc-retry alone is the newest');
    expect(unknownVersionText("bullmq@5")).toBe('bullmq has no version "5"; it models one, the newest: bullmq');
    expect(unknownVersionText("nosuch@1")).toBeNull();
    expect(unknownVersionText("bullmq")).toBeNull();
  });
});
