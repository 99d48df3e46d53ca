import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/compare/tsv.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";
import { FIXED, compareOutput } from "../../../support/compared.js";

describe("the comparison as TSV", () => {
  it("long form, tab-separated; a name's comma stays, its tab becomes a space", async () => {
    const named = { ...FIXED, name: "fixed,\t2 s" };
    expect(await renderedText(renderer.render(compareOutput([named]), plainContext()))).toBe(
      [
        "policy\tattempt\tdelay_ms\tcumulative_ms\tstop",
        "fixed, 2 s\t1\t2000\t2000\tgives up after 3 retries",
        "fixed, 2 s\t2\t2000\t4000\tgives up after 3 retries",
        "fixed, 2 s\t3\t2000\t6000\tgives up after 3 retries",
        "",
      ].join("\n"),
    );
  });
});
