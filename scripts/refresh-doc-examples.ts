// `npm run docs:examples`: reruns every console example in README.md, ARCHITECTURE.md,
// CONTRIBUTING.md and docs/*.md with the built binary and writes what it printed into the
// document (the conventions are in scripts/doc-examples.ts). For an intended change of
// output: run it, then read the diff. It never changes a command or its `# exit N`; an
// exit code that differs is reported and the script fails. docs/presets.md is generated
// (`npm run docs`), so it is left alone here. The pictures backoff draws for the docs
// (scripts/doc-images.ts) are drawn again too.
// Run through scripts/run-ts.mjs (plain Node 20 cannot run .ts itself).
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { DOC_IMAGES, drawDocImage } from "./doc-images.js";
import { type CommandResult, type ConsoleBlock, blockBody, documentPaths, makeSandbox, parseExamples, runCommand, writeExampleFile } from "./doc-examples.js";

const root = process.cwd();
const problems: string[] = [];
for (const path of documentPaths(root)) {
  if (path === "docs/presets.md") continue;
  const text = readFileSync(path, "utf8");
  const lines = text.split("\n");
  const blocks = parseExamples(text, path);
  const sandbox = makeSandbox(root);
  const rewrites: { block: ConsoleBlock; body: string[]; results: CommandResult[] }[] = [];
  for (const block of blocks) {
    if (block.kind === "file") {
      writeExampleFile(sandbox, block);
      continue;
    }
    let previous = 0;
    const results = block.commands.map((command) => {
      const result = runCommand(sandbox, command.command, previous);
      if (result.exit !== command.expectedExit) problems.push(`${path}:${command.line}: \`${command.command}\` exits ${result.exit}, the document says ${command.expectedExit}`);
      previous = result.exit;
      return result;
    });
    rewrites.push({ block, body: blockBody(block, results), results });
  }
  rmSync(sandbox.cwd, { recursive: true, force: true });
  for (const { block, body } of [...rewrites].reverse()) lines.splice(block.bodyStart, block.bodyEnd - block.bodyStart, ...body);
  const updated = lines.join("\n");
  // An output line that starts with "$ " would read back as a command: refuse to write that.
  const reread = parseExamples(updated, path).filter((block) => block.kind === "console");
  rewrites.forEach(({ block, results }, index) => {
    const outputs = (reread[index] as ConsoleBlock).commands.map((command) => command.expectedOutput);
    if (outputs.length !== results.length || outputs.some((output, i) => output !== results[i]!.output)) problems.push(`${path}:${block.line}: the output cannot be written in a console block as it is (a line starting with "$ ", or no final newline)`);
  });
  if (updated !== text) {
    writeFileSync(path, updated);
    process.stdout.write(`updated ${path}\n`);
  }
}
for (const image of DOC_IMAGES) {
  const drawn = drawDocImage(root, image);
  if (!existsSync(image.path) || readFileSync(image.path, "utf8") !== drawn) {
    writeFileSync(image.path, drawn);
    process.stdout.write(`updated ${image.path}\n`);
  }
}
for (const problem of problems) process.stderr.write(`${problem}\n`);
process.exitCode = problems.length === 0 ? 0 : 1;
