import { Argument, type Command } from "commander";
import type { CommandDefinition } from "../command.js";
import { COMPLETION_SHELLS, type CompletionShell } from "./shells.js";

const HELP_AFTER = `
The script completes commands, options, preset names, formats, jitter modes and
strategies; it is generated from backoff's own command list, so it matches this version.

Install (once; then open a new shell):
  bash  $ echo 'source <(backoff completion bash)' >> ~/.bashrc
  zsh   $ echo 'source <(backoff completion zsh)' >> ~/.zshrc     # after compinit
  fish  $ backoff completion fish > ~/.config/fish/completions/backoff.fish

Examples:
  $ backoff completion bash > ~/.local/share/bash-completion/completions/backoff
  $ backoff completion zsh > "\${fpath[1]}/_backoff"     # a file on zsh's fpath
  $ source <(backoff completion bash)                    # this shell only
`;

/** `backoff completion <shell>`: a completion script for the shell, on standard output. */
export const completionCommand: CommandDefinition = {
  name: "completion",
  summary: "Print a shell completion script for bash, zsh or fish.",
  define(command: Command) {
    command.addArgument(new Argument("<shell>", "the shell the script is for").choices(COMPLETION_SHELLS));
    command.addHelpText("after", HELP_AFTER);
  },
  async run(command, io) {
    const { runCompletion } = await import("./action.js");
    return runCompletion(command.parent!, command.processedArgs[0] as CompletionShell, io);
  },
};
