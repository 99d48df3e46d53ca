import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/chain/tsv.js";
import { analyseChain } from "../../../../src/core/chain/chain.js";
import { layer, withBudget } from "../../../support/chain.js";
import { HALF_REPORT } from "../../../support/chain-reports.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";

describe("the chain as TSV", () => {
  it("the same fields as CSV, separated by tabs", async () => {
    expect(await renderedText(renderer.render({ report: HALF_REPORT }, plainContext()))).toBe(
      "layer\tpolicy\ttries\tretries\tworst_case_calls\texpected_calls\tbudget\tbudget_limited_calls\tfull_bucket_retries\tper_try_timeout_ms\tgive_up_ms\tgive_up_min_ms\tgive_up_max_ms\tfailure\tretried\n" +
        "1\ttop\t3\t2\t3\t1.140625\t\t1.140625\t\t\t90\t90\t90\t\t\n" +
        "2\tbottom\t3\t2\t9\t1.99609375\t\t1.99609375\t\t\t30\t30\t30\t\t\n" +
        "total\t\t\t\t9\t1.99609375\t\t1.99609375\t\t\t90\t90\t90\t\t\n",
    );
  });

  it("a budget's short name and its full bucket's retries", async () => {
    const report = analyseChain([withBudget(2, { kind: "aws-quota", tokens: 500, cost: 5 }), layer(1)], { failureRate: 1, rps: null, attemptMs: 10 });
    // A full bucket at cost 5: ⌊500 / 5⌋ = 100 retries.
    expect((await renderedText(renderer.render({ report }, plainContext()))).split("\n")[1]).toBe("1\tlayer of 3 tries\t3\t2\t3\t3\taws 500/5\t1\t100\t\t60\t60\t60\t\t");
  });
});
