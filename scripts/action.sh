#!/usr/bin/env bash
# The GitHub Action's two steps (action.yml), run by the runner with GITHUB_ACTION_PATH set to
# the action's own checkout:
#   action.sh build   builds dist/ from the action's files, unless it is there already
#                     (npm ci without install scripts, then the CLI bundles only; docs/ci.md
#                     says why this and not a committed bundle, with the figures);
#   action.sh check   runs `backoff check` on INPUT_PATHS with INPUT_ARGS: the text report and
#                     GitHub annotations into the log, the counts as step outputs (policies,
#                     broken, warnings) in GITHUB_OUTPUT, SARIF into INPUT_SARIF_FILE when set;
#                     exits with check's own code (0 fine, 1 a limit broken, 2 bad input).
set -uo pipefail
root="${GITHUB_ACTION_PATH:?GITHUB_ACTION_PATH is not set: action.sh runs as a GitHub Action step}"

case "${1:-}" in
  build)
    if [ -f "$root/dist/cli.cjs" ]; then
      echo "backoff: dist/ is built already"
      exit 0
    fi
    cd "$root" || exit 2
    npm ci --ignore-scripts --no-audit --no-fund --loglevel=error || exit 2
    BACKOFF_BUILD_CLI_ONLY=1 node scripts/build.js || exit 2
    ;;
  check)
    if [ -n "${INPUT_VERSION:-}" ]; then
      backoff=(npx --yes --package "backoff-calculator@$INPUT_VERSION" backoff)
    else
      backoff=(node "$root/bin/backoff.js")
    fi
    # Words separated by white space; a value cannot hold a space.
    read -r -a paths <<< "${INPUT_PATHS:-.}"
    read -r -a args <<< "${INPUT_ARGS:-}"
    [ "${#paths[@]}" -gt 0 ] || paths=(.)
    for arg in "${args[@]}"; do
      case "$arg" in
        -f | --format | --format=* | -f*)
          echo "::error title=backoff::the action's args cannot hold $arg: the action writes the text report, the step outputs and (with sarif-file) SARIF itself"
          exit 2
          ;;
      esac
    done
    # 1. The report people read, with annotations on the files (GITHUB_ACTIONS=true).
    GITHUB_ACTIONS=true "${backoff[@]}" check "${paths[@]}" "${args[@]}"
    code=$?
    # 2. The counts, from the JSON report (no annotations a second time; its warnings went to the log above).
    report="$(env -u GITHUB_ACTIONS "${backoff[@]}" check "${paths[@]}" "${args[@]}" --format json 2>/dev/null)"
    if [ -n "${GITHUB_OUTPUT:-}" ] && [ -n "$report" ]; then
      node -e '
        const totals = JSON.parse(process.argv[1]).totals;
        const line = (name, value) => `${name}=${value ?? 0}\n`;
        process.stdout.write(line("policies", totals.policies) + line("broken", totals.broken) + line("warnings", totals.warnings));
      ' "$report" >> "$GITHUB_OUTPUT"
    fi
    # 3. SARIF, for code scanning.
    if [ -n "${INPUT_SARIF_FILE:-}" ]; then
      env -u GITHUB_ACTIONS "${backoff[@]}" check "${paths[@]}" "${args[@]}" --format sarif > "$INPUT_SARIF_FILE" 2>/dev/null
      echo "backoff: SARIF written to $INPUT_SARIF_FILE"
    fi
    exit "$code"
    ;;
  *)
    echo "usage: action.sh build|check" >&2
    exit 2
    ;;
esac
