import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { kindOfName } from "../../../src/config/policy-reference.js";
import { recogniseFile } from "../../../src/config/recognise.js";
import { parseJsonSource } from "../../../src/config/read/json.js";
import { type KeyTable, type UnknownKey, nearRetryKeys, retryObjectKeys, unknownKeyMessage } from "../../../src/config/tree/unknown-keys.js";
import type { MapNode } from "../../../src/config/tree/walk.js";

// src/config/tree/unknown-keys.ts: the keys a system does not define, where a retry setting is written.
const table: KeyTable = { system: "s", where: "a retry block", known: ["attempts", "perTryTimeout", "retryOn"], instead: (meant) => (meant === null ? "ignored" : `no ${meant}`) };
const map = (json: string) => parseJsonSource(json, "t.json") as MapNode;
const found = (read: (sink: { unknownKeys: UnknownKey[] }) => void) => {
  const sink = { unknownKeys: [] as UnknownKey[] };
  read(sink);
  return sink.unknownKeys.map((u) => [u.offset, u.key, u.meant, u.instead]);
};

describe("unknown keys", () => {
  it("in an object wholly a retry setting, every key not defined, with the key meant when one is near", () => {
    // "atempts": one edit from attempts; "retry_on": case and _ aside, retryOn; "hosts": near nothing.
    const text = '{"atempts": 5, "perTryTimeout": "2s", "retry_on": "5xx", "hosts": 1}';
    expect(found((sink) => retryObjectKeys(map(text), table, sink))).toEqual([
      [1, "atempts", "attempts", "no attempts"],
      [38, "retry_on", "retryOn", "no retryOn"],
      [57, "hosts", null, "ignored"],
    ]);
  });

  it("around one, only a retry key misspelt (within the edits allowed, or its case), never a key that merely starts like one", () => {
    const text = '{"Attempts": 1, "atempt": 2, "attemptsPerHost": 3, "route": 4, "perTryTimeout": 5}';
    // Attempts: case; atempt (6 letters, two edits allowed): one; attemptsPerHost shares a start only; route near nothing.
    expect(found((sink) => nearRetryKeys(map(text), { ...table, known: ["route", "perTryTimeout"] }, ["attempts", "perTryTimeout"], sink))).toEqual([
      [1, "Attempts", "attempts", "no attempts"],
      [16, "atempt", "attempts", "no attempts"],
    ]);
  });

  it("the message names what was written, the key meant and what the system does instead", () => {
    expect(unknownKeyMessage({ key: "backofLimit", meant: "backoffLimit", where: "a Job's spec", instead: "Kubernetes uses its default, 6 retries" })).toBe(
      'unknown key "backofLimit" in a Job\'s spec; did you mean "backoffLimit"? Kubernetes uses its default, 6 retries',
    );
    expect(unknownKeyMessage({ key: "hosts", meant: null, where: "a retry block", instead: "ignored" })).toBe('unknown key "hosts" in a retry block; ignored');
  });
});

describe("unknown keys on files that are right", () => {
  it("none in the fixtures (real repositories' files and the policies tree)", () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? (e.name === "node_modules" ? [] : files(join(dir, e.name))) : [join(dir, e.name)]));
    const found: string[] = [];
    for (const path of files("test/fixtures")) {
      const kind = kindOfName(path);
      if (kind === null || path.endsWith("sarif-schema-2.1.0.json") || path.endsWith("seed-vectors.json")) continue;
      const result = recogniseFile({ name: path, text: readFileSync(path, "utf8"), kind, named: false });
      found.push(...result.unknownKeys.map((u) => `${u.file}:${u.line}:${u.column}: ${u.message}`));
    }
    expect(found).toEqual([]);
  });
});
