import { runCli } from "./cli.js";

/** The `$ backoff …` example lines of a command's help (continuation lines joined, comments dropped), as argument lists. */
export async function helpExamples(command: string): Promise<string[][]> {
  const help = await runCli([command, "--help"]);
  if (help.code !== 0) throw new Error(`${command} --help exited ${help.code}`);
  return [...help.stdout.replace(/\\\n\s+/g, "").matchAll(/^ {2}\$ backoff (.+?)(?:\s+#.*)?$/gm)].map((match) => match[1]!.trim().split(/\s+/));
}
