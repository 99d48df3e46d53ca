/** What the recognisers return (src/config/tree/findings.ts): found, unresolved and invalid policies. */
import { describe, expect, it } from "vitest";
import { FileProblem, Findings, Placeholder } from "../../../src/config/tree/findings.js";

describe("Findings", () => {
  it("a policy is found, unresolved (a placeholder) or invalid (a file problem); anything else is thrown on", () => {
    const findings = new Findings();
    findings.policy("istio", "reviews", 10, () => ({ options: { attempts: "3" } }));
    findings.policy("istio", "ratings", 20, () => {
      throw new Placeholder(25, "attempts is a placeholder");
    });
    findings.policy("istio", "details", 30, () => {
      throw new FileProblem(35, "attempts must be a whole number");
    });
    expect(findings.policies).toEqual([{ system: "istio", name: "reviews", offset: 10, options: { attempts: "3" } }]);
    expect(findings.unresolved).toEqual([{ system: "istio", name: "ratings", offset: 25, reason: "attempts is a placeholder" }]);
    expect(findings.invalid).toEqual([{ system: "istio", name: "details", offset: 35, reason: "attempts must be a whole number" }]);
    expect(findings.count).toBe(3);
    expect(() =>
      findings.policy("istio", "x", 0, () => {
        throw new TypeError("a bug");
      }),
    ).toThrow(TypeError);
  });
});
