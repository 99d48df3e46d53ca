#!/usr/bin/env bash
# The GitHub Action's two steps (action.yml), run by the runner with GITHUB_ACTION_PATH set to
# the action's own checkout:
#   action.sh build   builds dist/ from the action's files, unless it is there already
#                     (npm ci without install scripts, then the CLI bundles only; docs/ci.md
#                     says why this and not a committed bundle, with the figures);
#   action.sh check   runs `backoff check` on INPUT_PATHS with INPUT_ARGS (words on lines or
#                     separated by spaces, quoted when they hold one: action-words.mjs): the text
#                     report and GitHub annotations into the log, the counts as step outputs
#                     (policies, broken, warnings) in GITHUB_OUTPUT, a table of the findings in
#                     GITHUB_STEP_SUMMARY (action-summary.mjs), SARIF into INPUT_SARIF_FILE when
#                     set; exits with check's own code (0 fine, 1 a limit broken, 2 bad input:
#                     then no outputs, no summary, no SARIF file).
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
    # Words separated by any white space, newlines too (a YAML | block: one a line or several),
    # a value with a space quoted (scripts/action-words.mjs); nothing is expanded.
    paths=()
    args=()
    node "$root/scripts/action-words.mjs" INPUT_PATHS --check || exit 2
    node "$root/scripts/action-words.mjs" INPUT_ARGS --check || exit 2
    mapfile -d '' -t paths < <(node "$root/scripts/action-words.mjs" INPUT_PATHS)
    mapfile -d '' -t args < <(node "$root/scripts/action-words.mjs" INPUT_ARGS)
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
    # Bad input (exit 2, said above): no counts, no summary, no SARIF file.
    [ "$code" -le 1 ] || exit "$code"
    # 2. The counts as step outputs and the findings as the job summary, from the JSON report
    #    (no annotations a second time; its warnings went to the log above).
    report="$(env -u GITHUB_ACTIONS "${backoff[@]}" check "${paths[@]}" "${args[@]}" --format json 2>/dev/null)"
    if [ -n "$report" ]; then
      node "$root/scripts/action-summary.mjs" <<< "$report" || exit 2
    fi
    # 3. SARIF, for code scanning: written beside its place, then moved there whole, so the
    #    file is a whole report or is not there.
    if [ -n "${INPUT_SARIF_FILE:-}" ]; then
      sarif="$(mktemp "$INPUT_SARIF_FILE.XXXXXX")" || exit 2
      env -u GITHUB_ACTIONS "${backoff[@]}" check "${paths[@]}" "${args[@]}" --format sarif > "$sarif" 2>/dev/null
      sarif_code=$?
      if [ "$sarif_code" -le 1 ] && [ -s "$sarif" ] && mv "$sarif" "$INPUT_SARIF_FILE"; then
        echo "backoff: SARIF written to $INPUT_SARIF_FILE"
      else
        rm -f "$sarif"
        echo "::error title=backoff::no SARIF written: check --format sarif exited $sarif_code"
        exit 2
      fi
    fi
    exit "$code"
    ;;
  *)
    echo "usage: action.sh build|check" >&2
    exit 2
    ;;
esac
