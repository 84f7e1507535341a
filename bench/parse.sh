#!/usr/bin/env bash
# Parse + verify + print benchmark of ir-opt against mlir-opt 22 (see bench/README.md).
# All arguments go to parse.py, e.g.: bench/parse.sh --runs 7 --no-build
set -euo pipefail
exec python3 "$(dirname "$0")/parse.py" "$@"
