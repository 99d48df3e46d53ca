import { describe, expect, it } from "vitest";
import type { CheckResult } from "../../../../src/core/check.js";
import type { PolicyReport } from "../../../../src/core/check-report/config-report.js";
import { CONFIG_WORDS } from "../../../../src/cli/check/report.js";
import { configAnnotations, filesAnnotations, renderer } from "../../../../src/format/formats/check/github.js";
import { RETRY_JSON, configOutput, filesOutput, filesReport, renderedText } from "../../../support/check-outputs.js";
import { plainContext } from "../../../support/herd-reports.js";

// src/format/formats/check/github.ts: check's findings as GitHub workflow commands.

describe("check's github renderer", () => {
  it("check PATH: an annotation per finding at its file, line and column; email breaks --max-total 1m at attempt 6 (test/support/check-outputs.ts)", async () => {
    const report = filesReport([RETRY_JSON], { maxTotal: "1m" });
    expect(await renderedText(renderer.render(filesOutput(report), plainContext()))).toBe(
      "::error file=backoff/retry.json,line=4,col=5,title=backoff check::email: max-total 1 min broken: worst case 2 min 1 s (first over the limit at attempt 6)\n",
    );
  });

  it("check --config FILE: at the policy's line and column in the file, as check PATH gives them", async () => {
    const report = filesReport([RETRY_JSON], { maxTotal: "1m" });
    expect(await renderedText(renderer.render(configOutput(report, "retry.json"), plainContext()))).toBe(
      "::error file=retry.json,line=4,col=5,title=backoff check::email: max-total 1 min broken: worst case 2 min 1 s (first over the limit at attempt 6)\n",
    );
  });

  it("nothing found: nothing written", async () => {
    expect(await renderedText(renderer.render(filesOutput(filesReport([RETRY_JSON], { maxTotal: "1h" })), plainContext()))).toBe("");
  });
});

describe("filesAnnotations", () => {
  it("a warning is a warning, or an error under strictness; a file skipped too; notes are notices", () => {
    // test/fixtures/deadlines/istio/colliding.yaml: retries 2–3 never fire before the route's 2 s timeout (test/format/formats/check/sarif.test.ts).
    const lines = (strict: boolean) => filesAnnotations(filesReport(["istio/colliding.yaml"], {}, strict, "deadlines"));
    // The route's retries at 14:5; the message as test/cli/check/files/deadlines.test.ts works it out.
    const warning =
      "::warning file=istio/colliding.yaml,line=14,col=5,title=backoff check::reviews/v1: unreachable-retries: retries 2–3 can never fire: the deadline (2 s) ends first; " +
      "the last retry that fires is 1, giving up at 2 s; each try runs up to 1 s (deadline: timeout at line 13:5; try time: perTryTimeout at line 16:7)";
    // The route sets no retryOn: Istio's default retries 503 (retry.go defaultPolicy at 126806ab), no retryBudget governs it (issue 41).
    const overload =
      "::warning file=istio/colliding.yaml,line=14,col=5,title=backoff check::reviews/v1: retries-overload: retries 503 (Istio's default: connect-failure, refused-stream, unavailable, cancelled, retriable-status-codes 503) " +
      "and no retry budget governs it: a service that answers this is overloaded, and each retry adds to its load (4 times the traffic at worst); retry 502, 504 and connection failures only " +
      "(retries.retryOn of the route, such as connect-failure,refused-stream,502,504), or add a retry budget (trafficPolicy.retryBudget of a DestinationRule for the route's host)";
    expect(lines(false)).toEqual([warning, overload]);
    expect(lines(true)).toEqual([warning.replace("::warning", "::error"), overload.replace("::warning", "::error")]);
  });
});

describe("configAnnotations", () => {
  const result = (ok: boolean, warnings: CheckResult["warnings"] = []): CheckResult => ({
    assertions: [{ limit: "max-delay", limitValue: 10_000, actual: 30_000, ok, attempt: ok ? 6 : 5 }],
    warnings,
    bestTotalMs: 0,
    worstTotalMs: 0,
    worstDelayMs: 30_000,
    worstDelayAttempt: 6,
  });
  const policy = (name: string | null, r: CheckResult): PolicyReport => ({ name, line: 3, column: 7, attempts: 8, attemptTimeMs: 0, result: r });
  const annotations = (policies: PolicyReport[], file: string | null, strict: boolean) => configAnnotations({ policies, file, strict, exitCode: 0, words: CONFIG_WORDS });

  it("escapes the file property (%, :, ,) and the message (%, newlines)", () => {
    expect(annotations([policy("50%\nrise", result(false))], "C:/ci/retry,prod.json", false)).toEqual([
      "::error file=C%3A/ci/retry%2Cprod.json,line=3,col=7,title=backoff check::50%25%0Arise: max-delay 10 s broken: worst delay 30 s (first over the limit at attempt 5)",
    ]);
  });

  it("warnings are warnings, or errors under --strict; no file when the config came from stdin", () => {
    const warned = result(true, [{ lint: "no-jitter", clients: 50 }]);
    const message = "no-jitter: no jitter, with 50 clients: clients that fail together retry together, in bursts; add jitter";
    expect(annotations([policy(null, warned)], null, false)).toEqual([`::warning title=backoff check::${message}`]);
    expect(annotations([policy(null, warned)], null, true)).toEqual([`::error title=backoff check::${message}`]);
  });
});
