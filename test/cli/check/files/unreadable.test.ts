import { describe, expect, it } from "vitest";
import { runCli } from "../../../support/cli.js";
import { useTempCwd } from "../../../support/files.js";

// A policy file that cannot be read fails the scan (issue 36, item 2): a file that passes a
// shape's key-word filter and does not parse is a finding (rule unreadable, an error, exit 1)
// at the place the reader stopped, and every other file is still reported. Files without any
// shape's key words stay passed over in silence; a Helm template is skipped as before.
const { write } = useTempCwd("unreadable");

// Traefik's file provider (shapes/traefik.ts): attempts 5 counts the first try, 4 retries.
const TRAEFIK = `http:
  middlewares:
    api-retry:
      retry:
        attempts: 5
        initialInterval: 250ms
`;

// perTryTimeout at line 12 is indented one space left of attempts (line 11, column 7): the
// mapping's items do not start at the same column, which YAML refuses at that line.
const ISTIO_BAD = `apiVersion: networking.istio.io/v1
kind: VirtualService
metadata:
  name: reviews
spec:
  hosts: [reviews]
  http:
  - route:
    - destination: {host: reviews}
    retries:
      attempts: 3
     perTryTimeout: 2s
`;

const WHY = "cannot be read, so none of its retry settings is checked: YAML: All mapping items must start at the same column";

describe("check DIR: a file with a shape's key words that does not parse (rule unreadable)", () => {
  it("a good Traefik file and an Istio VirtualService with an indentation error: exit 1, the finding at 12:1, the Traefik policy reported", async () => {
    write("traefik.yaml", TRAEFIK);
    write("vs.yaml", ISTIO_BAD);
    const result = await runCli(["check", "."]);
    expect(result.code).toBe(1);
    expect(result.stdout.split("\n")).toEqual([
      "vs.yaml",
      `  ✗ vs.yaml (Istio VirtualService, line 12:1): ${WHY}`,
      "traefik.yaml",
      "  ✓ api-retry (Traefik retry middleware, line 4:7)",
      expect.stringMatching(/^    4 retries \(5 tries\): /),
      // No status: network errors only (Traefik retry.go WriteHeader).
      "    retries on connection failures (retry middleware: network errors)",
      "✗ 1 unreadable file, 1 policy in 1 file",
      "",
    ]);
    expect(result.stderr).toBe(`error: vs.yaml:12:1: ${WHY}\n`);
  });

  it("in JSON and SARIF: rule unreadable, an error, at its line and column", async () => {
    write("traefik.yaml", TRAEFIK);
    write("vs.yaml", ISTIO_BAD);
    const json = JSON.parse((await runCli(["check", ".", "--format", "json"])).stdout);
    expect(json.exit_code).toBe(1);
    expect(json.invalid).toEqual([{ file: "vs.yaml", line: 12, column: 1, system: "istio", name: "vs.yaml", reason: WHY, rule: "unreadable" }]);
    expect(json.skipped).toEqual([]);
    expect(json.policies.map((p: { name: string }) => p.name)).toEqual(["api-retry"]);
    const sarif = JSON.parse((await runCli(["check", ".", "--format", "sarif"])).stdout);
    const run = sarif.runs[0];
    expect(run.results.map((r: { ruleId: string; level: string; locations: Array<{ physicalLocation: { region: { startLine: number; startColumn: number } } }> }) => [r.ruleId, r.level, r.locations[0]!.physicalLocation.region.startLine, r.locations[0]!.physicalLocation.region.startColumn])).toEqual([["unreadable", "error", 12, 1]]);
    expect(run.tool.driver.rules[run.results[0].ruleIndex].id).toBe("unreadable");
  });

  it("a broken file without any shape's key words is passed over in silence: exit 0", async () => {
    write("traefik.yaml", TRAEFIK);
    write("notes.yaml", "title: notes\n items:\n  - a\n");
    const result = await runCli(["check", "."]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("");
    expect(result.stdout.split("\n").at(-2)).toBe("✓ no limits given (--max-total, --max-delay, …), 1 policy in 1 file");
  });

  it("a Helm template is still skipped (a warning, exit 0), as before", async () => {
    write("traefik.yaml", TRAEFIK);
    write("templates/vs.yaml", `apiVersion: networking.istio.io/v1\nkind: VirtualService\nmetadata:\n  name: {{ .Release.Name }}\n`);
    const result = await runCli(["check", "."]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^warning: skipped templates\/vs\.yaml: a Helm or Jinja template/);
  });
});

// Seen on traefik/traefik (its own fixtures): a sub-millisecond initialInterval, a TOML file that is a Go template,
// and the Gateway API's CRDs, whose CEL rules are quoted strings indented as YAML 1.2 refuses.
describe("what check DIR does not call broken: files a system accepts and backoff does not check", () => {
  it("Traefik's initialInterval under half a millisecond: skipped, naming why, not an invalid policy", async () => {
    write("traefik.yaml", "http:\n  middlewares:\n    m:\n      retry:\n        attempts: 4\n        initialInterval: 100us\n");
    const result = await runCli(["check", "."]);
    expect([result.code, result.stdout.split("\n").at(-2)]).toEqual([0, "✓ no limits given (--max-total, --max-delay, …), no retry policy found in 1 file; 1 skipped"]);
    expect(result.stderr).toBe("warning: skipped traefik.yaml:4:7: m (Traefik retry middleware) not checked: its first wait, 0.1ms, is under half a millisecond, and backoff computes whole milliseconds\n");
  });

  it("a TOML file with a template's {{if}} on a line of its own: skipped as a template, not unreadable; {{ }} inside a string is text", async () => {
    write("traefik.toml", '[http.middlewares]\n{{if .IsHTTP}}\n  [http.middlewares.m.retry]\n    attempts = 4\n{{end}}\n');
    const result = await runCli(["check", "."]);
    expect([result.code, result.stderr]).toEqual([0, "warning: skipped traefik.toml: a Helm or Jinja template ({{ … }}); check what it renders: helm template … | backoff check -\n"]);
    write("traefik.toml", '[http.middlewares.m.retry]\n  attempts = 4\n[metrics.otlp.http]\n  endpoint = "http://{{.IP}}:4318"\n');
    expect((await runCli(["check", "traefik.toml"])).stdout).toContain("  ✓ m (Traefik retry middleware, line 1:21)");
  });

  it("a Deployment with a duplicate key, which only backoff's `strategy:` word matched, is no finding; a broken backoff config still is", async () => {
    // kubernetes/examples' _archived/openshift-origin/etcd-controller.yaml: selector twice, and a strategy: key.
    write("etcd.yaml", "apiVersion: apps/v1\nkind: Deployment\nspec:\n  selector: {}\n  strategy:\n    type: Recreate\n  selector: {}\n");
    expect(await runCli(["check", "."])).toEqual({ code: 0, stdout: "✓ no limits given (--max-total, --max-delay, …), no retry policy found in 1 file\n", stderr: "" });
    write("retry.yaml", "base: 1s\nstrategy: exponential\nbase: 2s\n");
    const broken = await runCli(["check", "."]);
    expect([broken.code, broken.stderr]).toEqual([1, 'error: retry.yaml:3:1: cannot be read, so none of its retry settings is checked: YAML: duplicate key "base"\n']);
  });

  it("a CustomResourceDefinition document is not parsed: its quoted CEL rules indented under their key are no finding", async () => {
    // The quoted rule's second line is indented less than its key: YAML 1.2 refuses it (PyYAML and go-yaml do not).
    const crd = "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nspec:\n  names:\n    kind: HTTPRoute\n  validations:\n    - message: m\n      rule: 'self.all(p1,\n    p1.x)'\n";
    write("crds.yaml", `${crd}---\n${TRAEFIK}`);
    const result = await runCli(["check", "."]);
    expect([result.code, result.stderr]).toEqual([0, ""]);
    expect(result.stdout).toContain("  ✓ api-retry (Traefik retry middleware, line");
  });
});
