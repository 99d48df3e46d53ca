import { describe, expect, it } from "vitest";
import { find } from "../../support/recognise.js";

describe("backoff's own config (shapes/backoff.ts) and its $schema key", () => {
  const SCHEMA = "./node_modules/backoff-calculator/schema/backoff-config.schema.json";

  it("a scanned file naming its $schema is still recognised, in JSON and YAML", () => {
    expect(find(`{"$schema": "${SCHEMA}", "base": "1s", "attempts": 3}`, "json", "retry.json").policies).toEqual([
      { at: "1:1", system: "backoff", name: "retry.json", options: { base: "1s", attempts: "3" } },
    ]);
    expect(find(`$schema: ${SCHEMA}\nattempts: 3\nbackoff: 100\n`, "yaml", "job.yaml").policies).toEqual([
      { at: "1:1", system: "bullmq", name: "job.yaml", options: { preset: "bullmq", strategy: "fixed", base: "100", attempts: "2" } },
    ]);
  });

  it("a $schema key alone is no sign of this config: another tool's file passes unnoticed, scanned or named", () => {
    const tsconfig = '{"$schema": "https://json.schemastore.org/tsconfig", "compilerOptions": {"strict": true}}';
    expect(find(tsconfig, "json", "tsconfig.json").policies).toEqual([]);
    expect(find(tsconfig, "json", "tsconfig.json", true).policies).toEqual([]);
  });
});
