import { describe, expect, it } from "vitest";
import { renderer } from "../../../../src/format/formats/presets/table.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";
import { DEMO, presetsOutput } from "../../../support/preset-descriptions.js";

describe("the presets for people", () => {
  it("the list, fitted to the terminal", async () => {
    expect((await renderedText(renderer.render(presetsOutput(null), plainContext()))).split("\n").slice(0, 2)).toEqual(["Queues", "  demo         2.4.1  doubling from 1 s, 3 retries"]);
    // At 40 columns the label and phrase go under the name.
    expect((await renderedText(renderer.render(presetsOutput(null), plainContext(40)))).split("\n").slice(0, 3)).toEqual(["Queues", "  demo", "    2.4.1  doubling from 1 s, 3 retries"]);
  });

  it("one preset in full, its overrides by the CLI's flags", async () => {
    const lines = (await renderedText(renderer.render(presetsOutput(DEMO), plainContext()))).split("\n");
    expect(lines[0]).toBe("demo: demo-retry 2.4.1");
    expect(lines.slice(8, 11)).toEqual(["overrides:", "  --base        delay", "  --jitter      randomize"]);
    expect((await renderedText(renderer.render(presetsOutput(DEMO), plainContext(40)))).split("\n").slice(1, 3)).toEqual(["source:   https://example.org/demo", "  src/backoff.ts"]);
  });
});
