/** Retry limits and Istio's hosts (src/config/tree/retry-limits.ts). */
import { describe, expect, it } from "vitest";
import { istioHostsMatch, resolveIstioHost } from "../../../src/config/tree/retry-limits.js";

// istio/istio pilot/pkg/model/config.go ResolveShortnameToFQDN: a name without a dot gets
// .<namespace>.svc.cluster.local; host.Name.Matches for wildcards.
describe("Istio hosts (resolveIstioHost, istioHostsMatch)", () => {
  it("a short name is resolved in the resource's namespace; a dotted name, a wildcard or an IP stays; no namespace, no answer", () => {
    expect(resolveIstioHost("reviews", "prod")).toBe("reviews.prod.svc.cluster.local");
    expect(resolveIstioHost("reviews.prod", "staging")).toBe("reviews.prod");
    expect(resolveIstioHost("*", null)).toBe("*");
    expect(resolveIstioHost("reviews", null)).toBeNull();
  });
  it("equal resolved names and wildcards match; short names with no namespace match by name only within one file", () => {
    expect(istioHostsMatch({ host: "reviews", namespace: "prod" }, { host: "reviews.prod.svc.cluster.local", namespace: null }, false)).toBe(true);
    expect(istioHostsMatch({ host: "reviews", namespace: "prod" }, { host: "reviews", namespace: "staging" }, false)).toBe(false);
    expect(istioHostsMatch({ host: "reviews", namespace: "prod" }, { host: "*.prod.svc.cluster.local", namespace: null }, false)).toBe(true);
    expect(istioHostsMatch({ host: "reviews", namespace: null }, { host: "reviews.bookinfo.svc.cluster.local", namespace: null }, true)).toBe(true);
    expect(istioHostsMatch({ host: "reviews", namespace: null }, { host: "reviews.bookinfo.svc.cluster.local", namespace: null }, false)).toBe(false);
  });
});
