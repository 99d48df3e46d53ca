import { describe, expect, it } from "vitest";
import { kindOfName, parsePolicyReference, referencedPolicy } from "../../src/config/policy-reference.js";
import { recogniseFile } from "../../src/config/recognise.js";

// A chain layer's reference to a policy check PATH finds: "FILE#NAME".

/** Two VirtualServices: "reviews" with routes v1 (2 retries) and v2 (5), then another "reviews" with a v1 again. */
const ROUTES = [
  "apiVersion: networking.istio.io/v1",
  "kind: VirtualService",
  "metadata:",
  "  name: reviews",
  "spec:",
  "  http:",
  "  - name: v1",
  "    retries:",
  "      attempts: 2",
  "      perTryTimeout: 2s",
  "  - name: v2",
  "    retries:",
  "      attempts: 5",
].join("\n");
const TWICE = `${ROUTES}\n---\n${ROUTES.split("\n").slice(0, 10).join("\n")}\n`;
const recognised = (text: string, name = "deploy/vs.yaml") => recogniseFile({ name, text, kind: "yaml", named: true });

describe("parsePolicyReference", () => {
  it("splits at the first #: the file before it, the name after it (which may hold # and /)", () => {
    expect(parsePolicyReference("deploy/vs.yaml#reviews/v1")).toEqual({ file: "deploy/vs.yaml", name: "reviews/v1" });
    expect(parsePolicyReference("app.yml#backendA #2")).toEqual({ file: "app.yml", name: "backendA #2" });
    expect(parsePolicyReference(" a.json # x ")).toEqual({ file: "a.json", name: "x" });
  });

  it("no # is no reference (a name in the config's own policies); an empty side is an error", () => {
    expect(parsePolicyReference("backendA")).toBeNull();
    expect(() => parsePolicyReference("#x")).toThrow('"#x" names no file before "#"; write FILE#NAME, such as "deploy/reviews.yaml#reviews/reviews-v1"');
    expect(() => parsePolicyReference("vs.yaml#")).toThrow('"vs.yaml#" names no policy after "#"; write FILE#NAME, with the name check vs.yaml reports');
  });
});

describe("kindOfName", () => {
  it("reads names as check PATH does, in any case: .json, .yaml/.yml, .properties, .toml, .asl (as YAML); nothing else", () => {
    expect(["a.json", "b.YAML", "c.yml", "d.properties", "e.asl", "f.txt", "g", "traefik.toml", "H.TOML", "i.toml.bak"].map(kindOfName)).toEqual(["json", "yaml", "yaml", "properties", "yaml", null, null, "toml", "toml", null]);
  });
});

describe("referencedPolicy", () => {
  it("the one policy of that name, with its place and its shape's preset and values", () => {
    const policy = referencedPolicy(recognised(ROUTES), "deploy/vs.yaml", "reviews/v2");
    expect(policy).toMatchObject({ file: "deploy/vs.yaml", line: 12, column: 5, system: "istio", name: "reviews/v2", preset: "istio", options: { attempts: "5" } });
    expect(referencedPolicy(recognised(ROUTES), "deploy/vs.yaml", "reviews/v1").options).toEqual({ attempts: "2", attemptTime: "2s" });
  });

  it("a name that matches nothing lists the names there are; a file without policies says so", () => {
    expect(() => referencedPolicy(recognised(ROUTES), "deploy/vs.yaml", "reviews/v3")).toThrow('no policy named "reviews/v3" in deploy/vs.yaml; check finds "reviews/v1", "reviews/v2"');
    expect(() => referencedPolicy(recognised("kind: ConfigMap\nmetadata:\n  name: retries\n"), "deploy/cm.yaml", "x")).toThrow("deploy/cm.yaml holds no retry policy that check reads, so nothing is named \"x\"");
  });

  it("a name that matches more than one lists their places", () => {
    // The second document starts on line 15 ("---" on 14): its v1 retries block is at 15 + 7 = line 22.
    expect(() => referencedPolicy(recognised(TWICE), "deploy/vs.yaml", "reviews/v1")).toThrow(
      '"reviews/v1" names 2 policies in deploy/vs.yaml (lines 8:5, 22:5); a chain layer is one policy, so give them names of their own in the file',
    );
  });

  it("a policy whose values cannot be known says why", () => {
    const text = ROUTES.replace("attempts: 5", "attempts: ${RETRIES}");
    // Placed at the placeholder: line 13, column 17.
    expect(() => referencedPolicy(recognised(text), "deploy/vs.yaml", "reviews/v2")).toThrow(
      '"reviews/v2" in deploy/vs.yaml (line 13:17) cannot be counted: retries.attempts of reviews/v2 is a placeholder, "${RETRIES}"; its value is known only where it is rendered',
    );
  });
});
