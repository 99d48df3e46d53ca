import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

// Jenkins' JUnit schema, junit-10.xsd (jenkinsci/xunit-plugin, src/main/resources/org/jenkinsci/
// plugins/xunit/types/model/xsd/junit-10.xsd at 031e285e, MIT, kept whole in
// test/fixtures/junit-10.xsd), checked with libxml2's xmllint (Debian's libxml2-utils, which
// .ci/run installs): the schema the xunit plugin validates a JUnit report against.
const XSD = fileURLToPath(new URL("../fixtures/junit-10.xsd", import.meta.url));

/** What xmllint finds wrong with a JUnit document against junit-10.xsd: [] when it is valid. */
export function validateJunit(text: string): string[] {
  const run = spawnSync("xmllint", ["--noout", "--schema", XSD, "-"], { input: text, encoding: "utf8" });
  if (run.error !== undefined) throw new Error(`xmllint is needed to validate JUnit against junit-10.xsd (Debian: apt-get install libxml2-utils; .ci/run installs it): ${run.error.message}`);
  if (run.status === 0) return [];
  // "-:5: element testcase: Schemas validity error : Element 'testcase', attribute 'file': The attribute 'file' is not allowed."
  return run.stderr.split("\n").filter((line) => line.includes("validity error") || line.includes("parser error")).map((line) => line.replace(/^-:\d+: /, ""));
}
