import { describe, expect, it } from "vitest";
import { find, problem } from "../../support/recognise.js";

describe("Istio (shapes/istio.ts)", () => {
  it("Istio: attempts 0 turns retries off; a bad duration names the key", () => {
    const vs = (retries: string) => `apiVersion: networking.istio.io/v1beta1\nkind: VirtualService\nmetadata: {name: r}\nspec:\n  http:\n  - name: main\n    retries: ${retries}\n`;
    expect(find(vs("{attempts: 0}")).policies).toEqual([{ at: "7:5", system: "istio", name: "r/main", options: { attempts: "0" }, disabled: true }]);
    expect(problem(vs("{attempts: 2, perTryTimeout: 2}"))).toBe('f.yaml:7:43: retries.perTryTimeout of r/main must be a duration such as "2s" or "25ms", got 2');
  });
});
