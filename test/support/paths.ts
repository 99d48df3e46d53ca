import { fileURLToPath } from "node:url";

/** The repository's root directory. */
export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** The built command, as `npm install -g` would run it. */
export const BIN = fileURLToPath(new URL("../../bin/backoff.js", import.meta.url));
