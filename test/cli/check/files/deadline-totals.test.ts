import { describe, expect, it } from "vitest";
import { runCli } from "../../../support/cli.js";
import { useTempCwd } from "../../../support/files.js";

// Totals honour the deadline (issue 36, item 3): a deadline that ends every run (a route's
// timeout covers its retries) bounds the worst and best totals, --max-total and --min-total,
// and the JSON's totals, and the reports give the schedule's own totals beside them. Every
// figure worked by hand below.
const { write } = useTempCwd("deadline-totals");

// Istio: timeout 30s (line 10:5), attempts 5, perTryTimeout 8s (13:7); Envoy's back-off of 25 ms,
// full jitter: waits 0–24, 0–49, 0–99, 0–199, 0–249 ms (the interval's top is 10 × 25 ms).
// The schedule alone: 6 tries × 8 s = 48 s at best, 48 s + 620 ms = 48,620 ms at worst.
// No run passes 30 s: the worst total is 30 s. The best case, a true lower bound, is tries that fail
// at once with every wait at 0 ms: 0 ms; tries that run their 8 s make 48 s, which the route ends at
// 30 s. Under 25 s: tries 1–3 end by 24 s + 24 + 49 ms, the 4th by 32 s, so attempt 3 is the first over.
const ISTIO = `apiVersion: networking.istio.io/v1
kind: VirtualService
metadata:
  name: reviews
spec:
  hosts: [reviews]
  http:
  - route:
    - destination: {host: reviews}
    timeout: 30s
    retries:
      attempts: 5
      perTryTimeout: 8s
`;

// Gateway API: timeouts.request 3s (14:9), backendRequest 1s (15:9), attempts 3, backoff 500ms
// (Envoy's base interval, full jitter): waits 0–499, 0–999, 0–1,999 ms. The schedule alone:
// 4 tries × 1 s = 4 s at best, 4 s + 3,497 ms = 7,497 ms at worst; the request timeout ends every run at 3 s.
const GATEWAY = `apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata:
  name: reviews
spec:
  parentRefs:
    - name: mesh
  rules:
    - name: v1
      backendRefs:
        - name: reviews
          port: 9080
      timeouts:
        request: 3s
        backendRequest: 1s
      retry:
        attempts: 3
        backoff: 500ms
`;

// Linkerd annotations: limit 3, retry.linkerd.io/timeout 500ms, timeout.linkerd.io/request 1s;
// the policy controller's back-off: waits 25–50, 50–100, 100–200 ms. The schedule alone:
// 4 tries × 500 ms + 175 ms = 2,175 ms at best, + 350 ms = 2,350 ms at worst; the request ends at 1 s.
const LINKERD = `apiVersion: v1
kind: Service
metadata:
  name: books
  annotations:
    retry.linkerd.io/http: 5xx
    retry.linkerd.io/limit: "3"
    retry.linkerd.io/timeout: 500ms
    timeout.linkerd.io/request: 1s
spec:
  ports:
    - port: 7002
`;

// A Linkerd ServiceProfile route: isRetryable, timeout 100ms (line 10:5), a retry budget and
// no count: it retries at once until the budget or the timeout, which ends every run at 100 ms.
const PROFILE = `apiVersion: linkerd.io/v1alpha2
kind: ServiceProfile
metadata:
  name: books.default.svc.cluster.local
spec:
  routes:
  - condition: {method: GET, pathRegex: /books}
    name: GET /books
    isRetryable: true
    timeout: 100ms
`;

async function json(path: string, ...flags: string[]) {
  const result = await runCli(["check", path, "--format", "json", ...flags]);
  return { code: result.code, doc: JSON.parse(result.stdout) };
}

describe("totals bounded by a deadline that ends every run", () => {
  it("Istio: the 30 s route passes --max-total 35s and fails --max-total 25s", async () => {
    write("vs.yaml", ISTIO);
    const pass = await runCli(["check", "vs.yaml", "--max-total", "35s"]);
    expect(pass.code).toBe(0);
    expect(pass.stdout.split("\n").slice(0, 5)).toEqual([
      "vs.yaml",
      "  ✓ reviews/http[0] (Istio VirtualService, line 11:5)",
      "    5 retries: worst-case total 30 s (timeout at line 10:5 ends every run; the schedule alone: 48.6 s, with 6 tries × 8 s), best case 0 ms (tries that fail at once; 30 s when each of the 6 tries takes 8 s, cut short by timeout at line 10:5), largest delay 249 ms (attempt 5), jittered",
      // No retryOn: Istio's default (retry.go defaultPolicy), 503 first as an overload signal.
      "    retries on 503, connection failures, gRPC UNAVAILABLE, gRPC CANCELLED (Istio's default: connect-failure, refused-stream, unavailable, cancelled, retriable-status-codes 503)",
      "    ✓ max-total 35 s: worst case 30 s (timeout at line 10:5 ends it; the schedule alone would be 48.6 s, with 6 tries × 8 s)",
    ]);
    // The best case is no bound from below: tries that fail at once, with waits of 0 ms, give up at once.
    const early = await runCli(["check", "vs.yaml", "--min-total", "1s"]);
    expect(early.code).toBe(1);
    expect(early.stdout.split("\n")[4]).toBe(
      "    ✗ min-total 1 s: best case 0 ms (tries that fail at once; 30 s when each of the 6 tries takes 8 s, cut short by timeout at line 10:5), giving up after attempt 5, the last",
    );
    const fail = await json("vs.yaml", "--max-total", "25s");
    expect(fail.code).toBe(1);
    const [policy] = fail.doc.policies;
    expect([policy.worst_total_ms, policy.best_total_ms, policy.best_total_with_tries_ms, policy.schedule_worst_total_ms, policy.schedule_best_total_ms]).toEqual([30_000, 0, 30_000, 48_620, 0]);
    expect(policy.assertions).toEqual([
      {
        limit: "max-total",
        ok: false,
        limit_ms: 25_000,
        actual_ms: 30_000,
        attempt: 3,
        schedule_ms: 48_620,
        message: "✗ max-total 25 s: worst case 30 s (first over the limit at attempt 3; timeout at line 10:5 ends it; the schedule alone would be 48.6 s, with 6 tries × 8 s)",
      },
    ]);
  });

  it("--deadline bounds them too, and --min-total compares the best case, tries that fail at once", async () => {
    write("vs.yaml", ISTIO);
    const { code, doc } = await json("vs.yaml", "--deadline", "20s", "--min-total", "25s");
    expect(code).toBe(1);
    const [policy] = doc.policies;
    // 6 tries × 8 s = 48 s at best with the tries, which --deadline ends at 20 s; 0 ms when they fail at once.
    expect([policy.worst_total_ms, policy.best_total_ms, policy.best_total_with_tries_ms]).toEqual([20_000, 0, 20_000]);
    expect(policy.assertions[0].message).toBe(
      "✗ min-total 25 s: best case 0 ms (tries that fail at once; 20 s when each of the 6 tries takes 8 s, cut short by the deadline), giving up after attempt 5, the last",
    );
  });

  it("Gateway API: timeouts.request ends every run at 3 s", async () => {
    write("route.yaml", GATEWAY);
    const { code, doc } = await json("route.yaml", "--max-total", "5s");
    expect(code).toBe(0);
    const [policy] = doc.policies;
    // At best 0 ms (tries that fail at once, waits of 0 ms); 4 tries × 1 s = 4 s with the tries, ended at 3 s.
    expect([policy.worst_total_ms, policy.best_total_ms, policy.best_total_with_tries_ms, policy.schedule_worst_total_ms, policy.schedule_best_total_ms]).toEqual([3_000, 0, 3_000, 7_497, 0]);
    expect((await json("route.yaml", "--max-total", "2s")).code).toBe(1);
  });

  it("Linkerd: the request timeout annotation, and a ServiceProfile's timeout that ends a policy without a count", async () => {
    write("service.yaml", LINKERD);
    const annotated = await json("service.yaml", "--max-total", "1500ms");
    expect(annotated.code).toBe(0);
    const [policy] = annotated.doc.policies;
    // At best the waits' low ends, 25 + 50 + 100 = 175 ms (tries that fail at once); 2,175 ms with the tries, ended at 1 s.
    expect([policy.retries, policy.worst_total_ms, policy.best_total_ms, policy.best_total_with_tries_ms, policy.schedule_worst_total_ms, policy.schedule_best_total_ms]).toEqual([3, 1_000, 175, 1_000, 2_350, 175]);
    expect((await json("service.yaml", "--max-total", "900ms")).code).toBe(1);

    write("profile.yaml", PROFILE);
    const profile = await json("profile.yaml", "--max-total", "1s");
    expect(profile.code).toBe(0);
    const [route] = profile.doc.policies;
    // Still no count: it retries until the timeout.
    expect([route.retries, route.worst_total_ms, route.best_total_ms, route.schedule_worst_total_ms, route.schedule_best_total_ms]).toEqual([null, 100, 100, null, null]);
    expect(route.assertions[0].message).toBe("✓ max-total 1 s: worst case 100 ms (timeout at line 10:5 ends it; the schedule alone would retry forever)");
  });
});
