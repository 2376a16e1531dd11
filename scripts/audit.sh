#!/usr/bin/env bash
# npm audit of production dependencies: fails on high or critical findings. Where the registry
# mirror offers no audit endpoint the check cannot run; it says so and does not fail.
set -uo pipefail
out=$(npm audit --omit=dev --audit-level=high --json 2>/dev/null)
code=$?
if echo "$out" | grep -q '"error"' && ! echo "$out" | grep -q '"vulnerabilities"'; then
  echo "npm audit: the registry's audit endpoint is not reachable here; audit skipped."
  exit 0
fi
[ $code -eq 0 ] && echo "npm audit: no high or critical findings." || { npm audit --omit=dev --audit-level=high; exit 1; }
