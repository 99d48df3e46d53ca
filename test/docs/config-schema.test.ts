import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { CONFIG_SCHEMA_PATH, configSchema, configSchemaText } from "../../scripts/config-schema.js";
import { PRESETS } from "../../src/presets/registry.js";
import { ROOT } from "../support/paths.js";

// schema/backoff-config.schema.json is generated (npm run docs): the committed file must be
// what the generator writes, a valid draft 2020-12 schema, and hold every key the docs list.

type Schema = { properties: Record<string, { $ref?: string }>; $defs: Record<string, Schema & Record<string, unknown>> } & Record<string, unknown>;
const schema = configSchema() as Schema;
const defs = schema.$defs;

describe(CONFIG_SCHEMA_PATH, () => {
  it("is what scripts/config-schema.ts generates", () => {
    const onDisk = readFileSync(join(ROOT, CONFIG_SCHEMA_PATH), "utf8");
    expect(onDisk === configSchemaText(), `${CONFIG_SCHEMA_PATH} is out of date: run npm run docs`).toBe(true);
    expect(JSON.parse(onDisk)).toEqual(schema);
  });

  it("is a draft 2020-12 schema that ajv's 2020 build compiles in strict mode", () => {
    expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(() => new Ajv2020({ strictTypes: true, strictTuples: true, allowUnionTypes: true }).compile(schema)).not.toThrow();
  });

  it("holds every key docs/check.md lists for a config file", () => {
    const page = readFileSync(join(ROOT, "docs/check.md"), "utf8");
    const keysBullet = /^\* Keys are the flags' names:[\s\S]*?(?=\n\* )/m.exec(page)![0];
    const bullmqBullet = /^\* BullMQ job options are recognised[\s\S]*?(?=\n\n)/m.exec(page)![0];
    const listed = (text: string) => [...text.matchAll(/`([a-zA-Z-]+)`/g)].map((match) => match[1]!);
    // strategy … seed, clients and assert, then assert's seven limits.
    expect(listed(keysBullet)).toEqual([
      "strategy", "base", "cap", "factor", "step", "attempts", "jitter", "preset", "seed", "clients", "assert",
      "max-total", "min-total", "max-delay", "min-first", "max-first", "max-attempts", "attempt-time",
    ]);
    const policyKeys = Object.keys(defs["calculator-policy"]!.properties);
    const assertKeys = Object.keys(defs.assert!.properties);
    for (const key of listed(keysBullet).slice(0, 11)) expect(policyKeys, key).toContain(key);
    for (const key of listed(keysBullet).slice(11)) expect(assertKeys, key).toContain(key);
    const bullmqKeys = Object.keys(defs["bullmq-job"]!.properties);
    // `bullmq` there is the preset's name; the rest are keys of BullMQ's job options.
    expect(listed(bullmqBullet)).toEqual(["backoff", "bullmq", "removeOnComplete", "priority", "delay"]);
    for (const key of ["backoff", "removeOnComplete", "priority", "delay"]) expect(bullmqKeys, key).toContain(key);
  });

  it("describes each key with its flag's help text, and lists the choices", () => {
    // The help of --base and --strategy (src/cli/shared/options.ts), their defaults, and the forms a duration takes.
    expect(defs.base!.description).toBe('the first delay; attempt 1 waits exactly this (default: 1s); a number of milliseconds or a string such as "1.5s"');
    expect(defs.base!.default).toBe("1s");
    expect(defs.strategy).toEqual({ description: "how the delay grows (default: exponential)", enum: ["exponential", "linear", "fixed"], default: "exponential" });
    // --cap's default is "none": no duration, so no default value.
    expect(defs.cap!.default).toBeUndefined();
    expect(defs.factor!.default).toBe(2);
    expect(defs.clients!.description).toBe("how many clients run this policy at once (no jitter from 10 is a warning)");
    expect((defs.assert!.properties as Record<string, { description: string }>)["max-attempts"]!.description).toBe("at most this many attempts (retries)");
    // Every preset, in the registry's order (as `backoff presets` lists them).
    expect(defs.preset!.examples).toEqual(PRESETS.map((preset) => preset.name));
    expect(defs.preset!.examples).toContain("bullmq");
    expect(defs["calculator-jitter"]!.examples).toEqual(["none", "full", "equal", "decorrelated", 0.2]);
    expect((defs["bullmq-backoff"]!.properties as Record<string, unknown>).type).toEqual({ description: "how the delay grows; a custom strategy cannot be computed", enum: ["fixed", "exponential"] });
  });
});
