import { readFileSync } from "node:fs";
import AjvDraft04 from "ajv-draft-04";

// SARIF 2.1.0's own schema (OASIS, errata 01), draft-04, checked with ajv.
// ajv-draft-04 is CommonJS with a default export: under NodeNext the class is on .default.
const Ajv = (AjvDraft04 as unknown as { default: typeof AjvDraft04 }).default ?? AjvDraft04;
const ajv = new (Ajv as unknown as new (options: object) => import("ajv").default)({ strict: false, allErrors: true });
// The schema's string formats, checked the way the schema means them (RFC 3986 URIs, RFC 3339 times).
ajv.addFormat("uri", (value: string) => /^[a-zA-Z][a-zA-Z0-9+.-]*:[^\s]*$/.test(value));
ajv.addFormat("uri-reference", (value: string) => !/[\s]/.test(value));
ajv.addFormat("date-time", (value: string) => !Number.isNaN(Date.parse(value)));
const validate = ajv.compile(JSON.parse(readFileSync(new URL("../fixtures/sarif-schema-2.1.0.json", import.meta.url), "utf8")));

/** What the SARIF schema finds wrong with a document: [] when it is valid. */
export function validateSarif(doc: unknown): string[] {
  return validate(doc) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}
