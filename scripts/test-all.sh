#!/usr/bin/env bash
# Runs every test of the project and ends with one line "N passed, N failed":
# typecheck, lint, formatting, unit and API tests on the embedded database, the production build
# (with the login-route size budget), the same tests on PostgreSQL and the file tests again on an
# S3-compatible store (beside them, the benchmark's smoke run), the tests of several instances
# behind nginx, and the browser tests.
# On a fresh Debian machine, as root, it installs Chromium, PostgreSQL, ffmpeg and nginx itself.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"

if ! node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 24 ? 0 : 1)'; then
  echo "Se necesita Node.js 24: ejecutá 'npm ci' primero (instala Node 24 en node_modules)." >&2
  exit 1
fi

results_dir=$(mktemp -d)
pg_dir=""
cleanup() {
  if [ -n "$pg_dir" ] && [ -d "$pg_dir" ]; then
    su postgres -c "$pg_bin/pg_ctl -D '$pg_dir/data' -m immediate stop" >/dev/null 2>&1 || true
    rm -rf "$pg_dir"
  fi
  rm -rf "$results_dir"
}
trap cleanup EXIT

# --- System packages: Debian's Chromium for the browser tests, PostgreSQL for the server database.
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
# Browser tests of jugadas make their video clips with ffmpeg.
command -v ffmpeg >/dev/null || missing+=(ffmpeg)
# The cluster tests put two app instances behind Debian's nginx (deploy/nginx.conf).
[ -x /usr/sbin/nginx ] || missing+=(nginx)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    echo "== Instalando paquetes del sistema: ${missing[*]}"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "Faltan paquetes del sistema: ${missing[*]} (instalalos con apt-get como root)." >&2
  fi
fi

# --- A throwaway PostgreSQL server on a free loopback port, unless one is given.
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [ -n "$pg_bin" ] && [ "$(id -u)" -eq 0 ]; then
    pg_dir=$(mktemp -d)
    chown postgres "$pg_dir"
    pg_port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
    if su postgres -c "$pg_bin/initdb -D '$pg_dir/data' -U postgres --auth=trust -E UTF8 --locale=C.UTF-8" >/dev/null \
      && su postgres -c "$pg_bin/pg_ctl -D '$pg_dir/data' -l '$pg_dir/log' -o \"-p $pg_port -c listen_addresses=127.0.0.1 -k '$pg_dir' -c fsync=off -c max_connections=200\" -w start" >/dev/null; then
      export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$pg_port/postgres"
      echo "== PostgreSQL de prueba en 127.0.0.1:$pg_port"
    else
      echo "No se pudo iniciar PostgreSQL de prueba:" >&2
      cat "$pg_dir/log" >&2 2>/dev/null
    fi
  fi
fi

passed=0
failed=0
flaky_total=0
# How long a stage took, for its closing line.
took() { echo "$(( SECONDS - $1 )) s"; }
# A step that is one check: it counts as one test.
check() {
  local name=$1; shift
  local start=$SECONDS
  echo "== $name"
  if "$@"; then passed=$((passed + 1)); echo "-- $name: ok ($(took "$start"))"
  else failed=$((failed + 1)); echo "!! $name falló ($(took "$start"))"; fi
}
# A check started in the background (one at a time), and its end: it counts as one test.
background_name="" background_pid="" background_log="" background_start_at=0
background_start() {
  background_name=$1; shift
  background_log="$results_dir/background.log"
  background_start_at=$SECONDS
  "$@" >"$background_log" 2>&1 &
  background_pid=$!
}
background_finish() {
  echo "== $background_name"
  if wait "$background_pid"; then
    cat "$background_log"; passed=$((passed + 1)); echo "-- $background_name: ok ($(took "$background_start_at"))"
  else
    cat "$background_log"; failed=$((failed + 1)); echo "!! $background_name falló ($(took "$background_start_at"))"
  fi
}
# A step with a test runner: its JSON report gives the counts. A test that passed only on a
# retry is flaky: it is reported as such and not counted as passed.
suite() {
  local name=$1 report=$2; shift 2
  local start=$SECONDS
  echo "== $name"
  "$@"
  local status=$?
  local counts
  counts=$(node scripts/count-results.ts "$report") || counts="0 1 0"
  read -r p f k <<<"$counts"
  if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
  passed=$((passed + p)); failed=$((failed + f)); flaky_total=$((flaky_total + k))
  echo "-- $name: $p passed, $f failed, $k flaky ($(took "$start"))"
  if [ "$k" -gt 0 ]; then node scripts/count-results.ts "$report" --flaky | sed 's/^/   flaky: /'; fi
}

check "Tipos (tsc)" tsc -b
check "Lint (eslint)" eslint .
check "Formato (Prettier)" prettier --check --log-level warn .
check "Migraciones al día con el esquema" node scripts/check-migrations.ts
suite "Unitarias y API (PGlite)" "$results_dir/vitest-pglite.json" \
  env -u TEST_DATABASE_URL vitest run --exclude 'tests/cluster/**' --reporter=default --reporter=json --outputFile.json="$results_dir/vitest-pglite.json"
check "Build de producción" sh -c "vite build --logLevel warn && vite build -c vite.ssr.config.ts --logLevel warn"
check "Tamaño de la ruta de login" node scripts/bundle-size.ts --check
# The benchmark in its 2-second mode, only to keep it working: figures from a test run mean nothing.
# It mostly waits (a throttled phone, a class answering every few seconds, a server restarting),
# so it runs beside the PostgreSQL and S3 suites, and its output is printed when it ends.
background_start "Benchmark (modo humo)" node scripts/bench.ts --smoke --out="$results_dir/bench.json"
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  suite "Unitarias y API (PostgreSQL)" "$results_dir/vitest-postgres.json" \
    vitest run --exclude 'tests/cluster/**' --reporter=default --reporter=json --outputFile.json="$results_dir/vitest-postgres.json"
else
  echo "!! Sin PostgreSQL: no se pudieron correr las pruebas sobre PostgreSQL"
  failed=$((failed + 1))
fi
# The file tests again with uploads on an S3-compatible store (s3rver, started by the tests).
suite "Archivos sobre S3 (s3rver)" "$results_dir/vitest-s3.json" \
  env -u TEST_DATABASE_URL TEST_STORAGE=s3 vitest run tests/api/images.test.ts tests/api/documents.test.ts tests/api/multipart-malformed.test.ts tests/api/jugadas.test.ts \
    tests/api/renewal.test.ts \
  --reporter=default --reporter=json --outputFile.json="$results_dir/vitest-s3.json"
background_finish
# Two app processes on their own PostgreSQL and S3 behind nginx, one of them killed under load,
# and the app's memory while 100 MB documents upload to S3: alone and one file at a time, so that
# the figures they print (and write to artifacts/cluster.json) are not skewed by other tests. Without nginx it skips with the reason, except in CI (CI set), where it fails.
suite "Varias instancias detrás de nginx" "$results_dir/vitest-cluster.json" \
  vitest run tests/cluster --no-file-parallelism --reporter=default --reporter=json --outputFile.json="$results_dir/vitest-cluster.json"
suite "Navegador (Playwright)" "$results_dir/playwright.json" \
  env PLAYWRIGHT_JSON_OUTPUT_NAME="$results_dir/playwright.json" playwright test --reporter=list,json

echo "Duración total: $(took 0)"
if [ "$flaky_total" -gt 0 ]; then echo "$flaky_total flaky (pasaron sólo al reintentar; no se cuentan como passed)"; fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
