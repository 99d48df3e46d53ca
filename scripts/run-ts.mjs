// `node scripts/run-ts.mjs scripts/X.ts`: runs a TypeScript script in plain Node 20 (see load-ts.mjs).
import { loadTs } from "./load-ts.mjs";

const entry = process.argv[2];
if (entry === undefined) throw new Error("usage: node scripts/run-ts.mjs scripts/X.ts");
await loadTs(entry);
