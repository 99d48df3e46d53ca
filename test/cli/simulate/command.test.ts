import { describe, expect, it } from "vitest";
import { simulateCommand } from "../../../src/cli/simulate/command.js";
import { DEFAULT_CLIENTS, DEFAULT_WINDOW, MAX_CLIENTS } from "../../../src/cli/simulate/switches.js";
import { DEFAULT_SEED } from "../../../src/cli/simulate/switches.js";
import { runCli } from "../../support/cli.js";
import { formatsWriting } from "../../../src/format/registry.js";

describe("simulate's definition", () => {
  it("writes the cohort, the OCC experiment and the capacity model, each in the formats with a renderer of it (svg for the herd models)", () => {
    const writes = simulateCommand.output!.writes.map((output) => [output.writes, output.formats]);
    expect(writes).toEqual([
      ["simulation", formatsWriting("simulation")],
      ["occ", formatsWriting("occ")],
      ["capacity", formatsWriting("capacity")],
    ]);
    expect(simulateCommand.output!.formats).toEqual([...new Set([...formatsWriting("simulation"), ...formatsWriting("occ"), ...formatsWriting("capacity")])]);
    expect(simulateCommand.output!.writes.map((output) => [output.formats[0], output.formats.includes("svg")])).toEqual([
      ["table", false],
      ["table", true],
      ["table", true],
    ]);
  });

  it("the cohort's defaults: 1,000 clients at t = 0, none succeeding, 100 ms windows, 10 attempts, the default seed", async () => {
    expect([DEFAULT_CLIENTS, DEFAULT_WINDOW, MAX_CLIENTS]).toEqual(["1000", "100ms", 10_000_000]);
    const doc = JSON.parse((await runCli(["simulate", "--format", "json"])).stdout);
    expect(doc.cohort).toEqual({ clients: 1000, spread_ms: 0, success: 0, window_ms: 100, attempts: 10, seed: DEFAULT_SEED });
  });

  it("hands the options on: 3 clients, 2 retries of 1 s and 2 s all at once", async () => {
    const doc = JSON.parse((await runCli(["simulate", "--clients", "3", "--attempts", "2", "--format", "json"])).stdout);
    expect(doc.rows.map((row: { attempt: number; clients: number; latest_ms: number; peak_load: number }) => [row.attempt, row.clients, row.latest_ms, row.peak_load])).toEqual([
      [1, 3, 1000, 3],
      [2, 3, 3000, 3],
    ]);
    expect(doc.summary.jittered).toEqual({ calls: 9, retries: 6, peak_load: 3, completion_ms: 3000, figures: "exact" });
  });
});

describe("simulate's refusals and synonyms", () => {
  it("clients from 1 to 10,000,000; an option of another model named as such", async () => {
    expect(await runCli(["simulate", "--clients", "0"])).toEqual({ code: 2, stdout: "", stderr: 'error: --clients must be at least 1, got "0"\n' });
    expect((await runCli(["simulate", "--clients", "10000001"])).stderr).toBe('error: --clients must be at most 10,000,000, got "10000001"\n');
    expect((await runCli(["simulate", "--rps", "100"])).stderr).toBe("error: --rps applies to --model capacity\n");
  });

  it("a bare count could be either; a cohort is the clients; a probability the success", async () => {
    expect((await runCli(["simulate", "--count", "5"])).stderr).toBe("error: unknown option '--count' (did you mean --clients or --attempts?)\n");
    expect((await runCli(["simulate", "--cohort", "5"])).stderr).toBe("error: unknown option '--cohort' (did you mean --clients?)\n");
    expect((await runCli(["simulate", "--probability", "0.5"])).stderr).toBe("error: unknown option '--probability' (did you mean --success?)\n");
  });
});
