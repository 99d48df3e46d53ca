import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { recogniseFile } from "../../../src/config/recognise.js";
import { checkFigures } from "../../support/check-figures.js";
import { find, problem, unreadable } from "../../support/recognise.js";

// Traefik v3.7.9 and master at fd5a576d: pkg/middlewares/retry/retry.go (New refuses attempts <= 0 and
// disableRetryOnNetworkError without status; newBackOff: ZeroBackOff without initialInterval, else cenkalti's
// ExponentialBackOff with Multiplier 2^(1/(attempts-1))), pkg/provider/kubernetes/crd/kubernetes.go
// createRetryMiddleware, traefik/paerser types/duration.go (bare digits are seconds).
const DIR = "test/fixtures/policies/traefik";
const fixture = (name: string) => readFileSync(`${DIR}/${name}`, "utf8");

describe("Traefik retry middleware (shapes/traefik.ts)", () => {
  it("middlewares.yaml: each retry Middleware at its retry key; headers, stripPrefix and the IngressRoute hold none", () => {
    expect(find(fixture("middlewares.yaml"), "yaml", "middlewares.yaml")).toEqual({
      policies: [
        // attempts 4 counts the first try: 3 retries.
        { at: "9:3", system: "traefik", name: "test-retry", options: { attempts: "3", base: "100ms" } },
        { at: "18:3", system: "traefik", name: "retry-now", options: { attempts: "2" } },
        // The older API group; initialInterval 1 is one second.
        { at: "26:3", system: "traefik", name: "legacy-retry", options: { attempts: "1", base: "1s" } },
      ],
      unresolved: [],
      skipped: null,
    });
    const atOnce = recogniseFile({ name: "m.yaml", text: fixture("middlewares.yaml"), kind: "yaml", named: false }).policies.map((p) => p.atOnce?.why ?? null);
    expect(atOnce).toEqual([null, "no initialInterval: Traefik retries at once (newBackOff returns ZeroBackOff)", null]);
  });

  it("dynamic.yml: the file provider's http.middlewares; the stripPrefix middleware holds none", () => {
    expect(find(fixture("dynamic.yml"), "yaml", "dynamic.yml").policies).toEqual([{ at: "12:7", system: "traefik", name: "api-retry", options: { attempts: "4", base: "250ms" } }]);
  });

  it("docker-compose.yml: labels as a list of key=value strings and as a map, in any case; a headers label is none", () => {
    expect(find(fixture("docker-compose.yml"), "yaml", "docker-compose.yml").policies).toEqual([
      { at: "9:9", system: "traefik", name: "test-retry (labels of services.whoami)", options: { attempts: "3", base: "100ms" } },
      // initialInterval "2": paerser's Duration reads bare digits as seconds.
      { at: "16:9", system: "traefik", name: "shop-retry (labels of services.shop.deploy)", options: { attempts: "2", base: "2s" } },
    ]);
  });

  it("dynamic.toml: the file provider's TOML, each retry table at its retry key, struct fields in any case; headers holds none", () => {
    // [http.middlewares.orders-retry.retry] indented 4: the "retry" of the header at column 5 + 31 = 36;
    // [http.middlewares.Quick.Retry] at 5 + 24 = 29 (paerser's EqualFold reads Retry and Attempts).
    expect(find(fixture("dynamic.toml"), "toml", "dynamic.toml")).toEqual({
      policies: [
        { at: "11:36", system: "traefik", name: "orders-retry", options: { attempts: "3", base: "100ms" } },
        { at: "19:29", system: "traefik", name: "Quick", options: { attempts: "2" } },
      ],
      unresolved: [],
      skipped: null,
    });
  });

  it("TOML: inline tables and dotted keys, values refused at their place, a syntax error at its line and column", () => {
    const toml = (body: string) => `[http.middlewares]\n${body}\n`;
    expect(find(toml('cart.retry = { attempts = 2, initialInterval = "1" }'), "toml").policies).toEqual([{ at: "2:6", system: "traefik", name: "cart", options: { attempts: "1", base: "1s" } }]);
    // "cart.retry = { attempts = " is 26 characters: the value at column 27.
    expect(problem(toml("cart.retry = { attempts = 0 }"), "toml", "f.toml")).toBe("f.toml:2:27: http.middlewares.cart.retry.attempts must be at least 1 (it counts the first try), got 0; Traefik refuses the middleware");
    expect(problem(toml("cart.retry = { attempts = 4.0 }"), "toml", "f.toml")).toBe("f.toml:2:27: http.middlewares.cart.retry.attempts must be a whole number, got 4.0");
    expect(problem('[http.middlewares.r.retry]\nattempts = 3\ninitialInterval = "soon"\n', "toml", "f.toml")).toBe(
      'f.toml:3:19: http.middlewares.r.retry.initialInterval must be a duration such as "100ms" or "1s", or a whole number of seconds, got the string "soon"',
    );
    // Issue 38, item 8: digits past an int64 (a bigint to smol-toml) or past Go's longest duration, at the value, in the file's words.
    expect(problem("[http.middlewares.r.retry]\nattempts = 3\ninitialInterval = 99999999999999999999\n", "toml", "f.toml")).toBe(
      "f.toml:3:19: http.middlewares.r.retry.initialInterval is too large: 99999999999999999999 seconds is beyond Go's longest duration (9223372036 s, about 292 years)",
    );
    expect(problem("[http.middlewares.r.retry]\nattempts = 3\ninitialInterval = 9223372037\n", "toml", "f.toml")).toMatch(/^f\.toml:3:19: .* 9223372037 seconds is beyond/);
    expect(find("[http.middlewares.r.retry]\nattempts = 3\ninitialInterval = 9223372036\n", "toml").policies).toEqual([{ at: "1:21", system: "traefik", name: "r", options: { attempts: "2", base: "9223372036s" } }]);
    // While scanning, a syntax error skips the file with its place; named, it is bad input.
    expect(unreadable("[http.middlewares.r.retry]\nattempts = = 3\n", "toml", "f.toml")).toEqual({ problem: "f.toml:2:12: TOML: invalid value", systems: ["traefik"] });
    expect(problem("[http.middlewares.r.retry]\nattempts = = 3\n", "toml", "f.toml", true)).toBe("f.toml:2:12: TOML: invalid value");
  });

  it("TOML of another kind is passed over unparsed; a headers middleware, or a retry outside http.middlewares, is none", () => {
    const cargo = '[package]\nname = "x"\n[dependencies]\nretry = "2"\n';
    expect(recogniseFile({ name: "Cargo.toml", text: cargo, kind: "toml", named: false })).toMatchObject({ looked: false, policies: [] });
    // Passed over even with a syntax error: the pre-filter comes first.
    expect(recogniseFile({ name: "bad.toml", text: "[[[", kind: "toml", named: false })).toMatchObject({ looked: false, skipped: null });
    expect(find("[http.middlewares.secure.headers]\nframeDeny = true\n", "toml", "f.toml")).toEqual({ policies: [], unresolved: [], skipped: null });
    expect(find("[http.middlewares.x.headers]\n[tcp.middlewares.y.retry]\nattempts = 3\n", "toml", "f.toml").policies).toEqual([]);
    expect(find(fixture("traefik.toml"), "toml", "traefik.toml")).toEqual({ policies: [], unresolved: [], skipped: null });
  });

  const middleware = (retry: string) => `apiVersion: traefik.io/v1alpha1\nkind: Middleware\nmetadata: {name: m}\nspec:\n  retry: ${retry}\n`;

  it("attempts 1 is no retry; a Go duration or seconds as an int", () => {
    expect(find(middleware("{attempts: 1, initialInterval: 1s}")).policies).toEqual([{ at: "5:3", system: "traefik", name: "m", options: { attempts: "0" }, disabled: true }]);
    expect(find(middleware("{attempts: 3, initialInterval: 1m30s}")).policies[0]?.options).toEqual({ attempts: "2", base: "90s" });
    expect(find(middleware('{attempts: 3, initialInterval: "0"}')).policies[0]?.options).toEqual({ attempts: "2" });
  });

  it("refuses what Traefik's New refuses, at the value or the block", () => {
    // "  retry: {" is 10 characters: the first key inside at column 11.
    expect(problem(middleware("{initialInterval: 1s}"))).toBe('f.yaml:5:3: retry.attempts of Middleware "m" is missing; Traefik refuses a retry middleware without attempts ("incorrect (or empty) value for attempt")');
    expect(problem(middleware("{attempts: 0}"))).toBe('f.yaml:5:21: retry.attempts of Middleware "m" must be at least 1 (it counts the first try), got 0; Traefik refuses the middleware');
    expect(problem(middleware("{attempts: 3, disableRetryOnNetworkError: true}"))).toBe(
      'f.yaml:5:52: retry.disableRetryOnNetworkError of Middleware "m" is true and no status is given: Traefik refuses the middleware ("retry middleware requires at least HTTP status codes or retry on TCP")',
    );
    expect(problem(middleware("{attempts: 3, initialInterval: 1 second}"))).toBe(
      'f.yaml:5:41: retry.initialInterval of Middleware "m" must be a duration such as "100ms" or "1s", or a whole number of seconds, got the string "1 second"',
    );
    expect(problem("services:\n  a:\n    labels:\n      - traefik.http.middlewares.r.retry.attempts=three\n")).toBe(
      "f.yaml:4:9: traefik.http.middlewares.r.retry.attempts must be a whole number, got the string \"three\"",
    );
  });

  it("a status list with disableRetryOnNetworkError is a policy; a placeholder is left to where it is rendered", () => {
    expect(find(middleware('{attempts: 2, status: ["503"], disableRetryOnNetworkError: true}')).policies[0]?.options).toEqual({ attempts: "1" });
    expect(find(middleware('{attempts: "{{ .Values.attempts }}"}')).unresolved).toEqual([
      '5:21 m: retry.attempts of Middleware "m" is a placeholder, "{{ .Values.attempts }}"; its value is known only where it is rendered',
    ]);
  });

  it("check reports each middleware with cenkalti's waits under it", async () => {
    const { byName, code } = await checkFigures(DIR);
    expect(byName).toEqual({
      // 100, 125.992104, 158.740103 ms ±50 %: lows 50 + 62.996052 + 79.370052 = 192.366 ms, highs 577.098 ms;
      // the largest, 238.110155 ms, shown rounded up.
      "test-retry": { retries: 3, worst: 577, best: 192, largest: 239 },
      "test-retry (labels of services.whoami)": { retries: 3, worst: 577, best: 192, largest: 239 },
      // 2 s and 2.828427 s: lows 1 + 1.414214 s, highs 3 + 4.242641 s.
      "shop-retry (labels of services.shop.deploy)": { retries: 2, worst: 7_243, best: 2_414, largest: 4_243 },
      // 250, 297.301778, 353.553389, 420.448205 ms: lows 660.652 ms, highs 1,981.955 ms, the largest 630.672 ms.
      "api-retry": { retries: 4, worst: 1_982, best: 661, largest: 631 },
      "retry-now": { retries: 2, worst: 0, best: 0, largest: 0 },
      // dynamic.toml: orders-retry as test-retry (attempts 4, 100ms); Quick has no initialInterval: at once.
      "orders-retry": { retries: 3, worst: 577, best: 192, largest: 239 },
      Quick: { retries: 2, worst: 0, best: 0, largest: 0 },
      "legacy-retry": { retries: 1, worst: 1_500, best: 500, largest: 1_500 },
    });
    expect(code).toBe(0);
  });
});

describe("Traefik: keys a retry middleware does not define (issue 36)", () => {
  const keys = (text: string) => recogniseFile({ name: "mw.yaml", text, kind: "yaml", named: false }).unknownKeys.map((u) => `${u.line}:${u.column}: ${u.message}`);
  const crd = (retry: string) => `apiVersion: traefik.io/v1alpha1\nkind: Middleware\nmetadata: {name: r}\nspec:\n  retry:\n${retry}`;
  it("attemps in the CRD, named with the key meant; the file provider matches any case, so Attempts is no typo there", () => {
    expect(keys(crd("    attemps: 3\n    initialInterval: 100ms\n"))).toEqual(['6:5: unknown key "attemps" in a Traefik retry middleware; did you mean "attempts"? Traefik refuses a retry middleware without attempts']);
    expect(keys(crd("    Attempts: 3\n"))).toEqual(['6:5: unknown key "Attempts" in a Traefik retry middleware; did you mean "attempts"? Traefik refuses a retry middleware without attempts']);
    expect(keys("http:\n  middlewares:\n    r:\n      retry:\n        Attempts: 3\n        InitialInterval: 1s\n")).toEqual([]);
    expect(keys("http:\n  middlewares:\n    r:\n      retry:\n        attempts: 3\n        initalInterval: 1s\n")).toEqual(['6:9: unknown key "initalInterval" in a Traefik retry middleware; did you mean "initialInterval"? Traefik retries at once']);
  });
  it("spelt right: nothing", () => {
    expect(keys(crd("    attempts: 3\n    initialInterval: 100ms\n    timeout: 5s\n    status: ['500-599']\n    disableRetryOnNetworkError: false\n    maxRequestBodyBytes: 1024\n    retryNonIdempotentMethod: false\n"))).toEqual([]);
  });
});
