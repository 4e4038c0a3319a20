#!/usr/bin/env bash
# Runs every test of the project and ends with one line "N passed, N failed":
# - the checks, side by side: types, lint, formatting, migrations in step with the schema, the
#   production build (with the login-route size budget) and the unit tests (no database: once);
# - the browser tests (first: after the others they took a quarter longer);
# - the API tests on the embedded database, then on PostgreSQL (beside them, the benchmark's
#   smoke run), and the file tests again on an S3-compatible store;
# - several instances behind nginx.
# Each stage says how long it took; at the end, every stage's time and the ten slowest test files.
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

passed=0
failed=0
flaky_total=0
# How long a stage took, for its closing line and the summary.
took() { echo "$(( SECONDS - $1 )) s"; }
stage_times="$results_dir/stages.txt"
note_stage() { printf '%5d s  %s\n' "$(( SECONDS - $2 ))" "$1" >>"$stage_times"; }
# What failed, by name, repeated at the end: a long run's log may be read only from its tail.
failures="$results_dir/failures.txt"
failed_step() { failed=$((failed + 1)); echo "!! $1 falló ($2)"; echo "   $1" >>"$failures"; }

# --- System packages: Debian's Chromium (and its headless shell, which runs the browser tests),
# PostgreSQL for the server database, ffmpeg for video, nginx for several instances. On a fresh
# machine they install while the checks run (those need none of them).
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/lib/chromium/chromium-headless-shell ] || missing+=(chromium-headless-shell)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
command -v ffmpeg >/dev/null || missing+=(ffmpeg)
[ -x /usr/sbin/nginx ] || missing+=(nginx)
apt_pid="" apt_start=$SECONDS
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    echo "== Instalando paquetes del sistema mientras corren los chequeos: ${missing[*]}"
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"; } >"$results_dir/apt.log" 2>&1 &
    apt_pid=$!
  else
    echo "Faltan paquetes del sistema: ${missing[*]} (instalalos con apt-get como root)." >&2
  fi
fi
# Waits for the packages' installation, if one is under way.
packages_ready() {
  [ -n "$apt_pid" ] || return 0
  if wait "$apt_pid"; then echo "-- Paquetes del sistema instalados ($(took "$apt_start"))"
  else echo "!! No se pudieron instalar los paquetes del sistema:"; tail -n 20 "$results_dir/apt.log"; fi
  apt_pid=""
}

# --- A throwaway PostgreSQL server on a free loopback port, unless one is given.
start_postgres() {
  [ -z "${TEST_DATABASE_URL:-}" ] || return 0
  pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [ -n "$pg_bin" ] && [ "$(id -u)" -eq 0 ]; then
    # In memory where there is a tmpfs, as the tests' own temp files (scripts/lib/test-tmpdir.ts).
    pg_dir=$(mktemp -d -p "$( [ -w /dev/shm ] && echo /dev/shm || echo "${TMPDIR:-/tmp}" )")
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
}

# A step that is one check: it counts as one test.
check() {
  local name=$1; shift
  local start=$SECONDS
  echo "== $name"
  if "$@"; then passed=$((passed + 1)); echo "-- $name: ok ($(took "$start"))"
  else failed_step "$name" "$(took "$start")"; fi
}

# Steps started side by side, each with its own log; `parallel_wait` prints each as it was (in the
# order started) and counts it: a check counts as one test, a suite by its report.
parallel_names=() parallel_pids=() parallel_kinds=() parallel_reports=() parallel_starts=()
parallel_start() {
  local kind=$1 name=$2 report=$3; shift 3
  local log="$results_dir/parallel-${#parallel_names[@]}.log"
  parallel_starts+=("$SECONDS")
  # The subshell's SECONDS goes on from this shell's: its end, for the step's time.
  ( "$@"; status=$?; echo "$SECONDS" >"$log.end"; exit "$status" ) >"$log" 2>&1 &
  parallel_pids+=("$!") parallel_names+=("$name") parallel_kinds+=("$kind") parallel_reports+=("$report")
}
parallel_wait() {
  local i status
  for i in "${!parallel_pids[@]}"; do
    wait "${parallel_pids[$i]}"
    status=$?
    local name=${parallel_names[$i]} log="$results_dir/parallel-$i.log"
    # When it ended, not when it was waited for.
    local time="$(( $(cat "$log.end" 2>/dev/null || echo "$SECONDS") - parallel_starts[i] )) s"
    echo "== $name"
    cat "$log"
    if [ "${parallel_kinds[$i]}" = suite ]; then
      count_suite "$name" "${parallel_reports[$i]}" "$status" "$time"
    elif [ "$status" -eq 0 ]; then passed=$((passed + 1)); echo "-- $name: ok ($time)"
    else failed_step "$name" "$time"; fi
  done
  parallel_names=() parallel_pids=() parallel_kinds=() parallel_reports=() parallel_starts=()
}

# A test runner's counts, from its JSON report. A test that passed only on a retry is flaky: it is
# reported as such and not counted as passed. Its files' times go to the list of the slowest.
count_suite() {
  local name=$1 report=$2 status=$3 time=$4
  local counts
  counts=$(node scripts/count-results.ts "$report") || counts="0 1 0"
  read -r p f k <<<"$counts"
  if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
  passed=$((passed + p)); failed=$((failed + f)); flaky_total=$((flaky_total + k))
  echo "-- $name: $p passed, $f failed, $k flaky ($time)"
  if [ "$k" -gt 0 ]; then node scripts/count-results.ts "$report" --flaky | sed 's/^/   flaky: /'; fi
  if [ "$f" -gt 0 ]; then
    { node scripts/count-results.ts "$report" --failed 2>/dev/null || echo "(sin reporte)"; } | sed "s|^|   $name: |" >>"$failures"
  fi
  # Each file's time: Vitest's reporter wrote them beside the report, Playwright's report has them.
  { cat "$report.files" 2>/dev/null || node scripts/count-results.ts "$report" --files 2>/dev/null; } | sed "s|\$|  ($name)|" >>"$results_dir/files.txt"
}
# A Vitest command with the reporters that give the counts (JSON) and each file's time.
vitest_run() {
  local report=$1; shift
  TEST_FILE_TIMES="$report.files" "$@" --reporter=default --reporter=json --outputFile.json="$report" \
    --reporter=./scripts/lib/vitest-file-times.ts
}
suite() {
  local name=$1 report=$2; shift 2
  local start=$SECONDS
  echo "== $name"
  "$@"
  count_suite "$name" "$report" $? "$(took "$start")"
}

# --- Checks, side by side (each mostly one core): types, lint, formatting, migrations, the build,
# and the tests that touch no database.
start=$SECONDS
build() { vite build --logLevel warn && vite build -c vite.ssr.config.ts --logLevel warn; }
parallel_start check "Tipos (tsc)" "" tsc -b
parallel_start check "Lint (eslint)" "" eslint .
parallel_start check "Formato (Prettier)" "" prettier --check --log-level warn .
parallel_start check "Migraciones al día con el esquema" "" node scripts/check-migrations.ts
parallel_start check "Build de producción" "" build
parallel_start suite "Unitarias (sin base de datos)" "$results_dir/vitest-unit.json" \
  vitest_run "$results_dir/vitest-unit.json" vitest run --project unit
parallel_wait
check "Tamaño de la ruta de login" node scripts/bundle-size.ts --check
note_stage "Chequeos, build y unitarias" "$start"
start=$SECONDS
packages_ready
start_postgres
note_stage "Paquetes del sistema (lo que quedaba) y PostgreSQL" "$start"

# The browser tests first, on a machine that has not yet run the others: after them they took a
# quarter longer, run after run (391–433 s against 322–354 s on their own, 378 s first).
start=$SECONDS
# The browser the tests run in (playwright.config.ts: the headless shell when it is there).
browser=/usr/lib/chromium/chromium-headless-shell
[ -x "$browser" ] || browser=/usr/bin/chromium
echo "== Navegador: $("$browser" --version 2>/dev/null || echo "no está $browser")"
suite "Navegador (Playwright)" "$results_dir/playwright.json" \
  env PLAYWRIGHT_JSON_OUTPUT_NAME="$results_dir/playwright.json" playwright test --reporter=list,json
note_stage "Navegador" "$start"

# The benchmark in its smoke mode, only to keep it working: figures from a test run mean nothing.
# It mostly waits (a throttled phone, a class answering every few seconds, a server restarting,
# videos being converted), so it runs beside the API suites, from the first to the last.
start=$SECONDS
parallel_start check "Benchmark (modo humo)" "" node scripts/bench.ts --smoke --out="$results_dir/bench.json"
# With them, once, the media tests (ffmpeg on its own, no database).
suite "API y sistema (PGlite)" "$results_dir/vitest-pglite.json" \
  vitest_run "$results_dir/vitest-pglite.json" env -u TEST_DATABASE_URL vitest run --project api --project system --project media
note_stage "API y sistema (PGlite), con el benchmark al lado" "$start"
start=$SECONDS
# The file tests again with uploads on an S3-compatible store (s3rver, started by the tests), beside
# the PostgreSQL run, on one worker: the PostgreSQL run leaves a core idle while its outage tests wait.
parallel_start suite "Archivos sobre S3 (s3rver)" "$results_dir/vitest-s3.json" \
  vitest_run "$results_dir/vitest-s3.json" env -u TEST_DATABASE_URL TEST_STORAGE=s3 vitest run --project api --maxWorkers=1 \
  tests/api/images.test.ts tests/api/documents.test.ts tests/api/multipart-malformed.test.ts tests/api/jugadas.test.ts tests/api/renewal.test.ts
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  suite "API y sistema (PostgreSQL)" "$results_dir/vitest-postgres.json" \
    vitest_run "$results_dir/vitest-postgres.json" vitest run --project api --project system
else
  failed_step "Sin PostgreSQL: las pruebas sobre PostgreSQL" "no corrieron"
fi
parallel_wait
note_stage "API y sistema (PostgreSQL), S3 y el final del benchmark" "$start"

# Two app processes on their own PostgreSQL and S3 behind nginx, one of them killed under load,
# and what the app holds while 100 MB documents upload to S3: one file at a time, so that the
# figures they print (and write to artifacts/cluster.json) are not skewed by other tests. Without
# nginx it skips with the reason, except in CI (CI set), where it fails.
start=$SECONDS
suite "Varias instancias detrás de nginx" "$results_dir/vitest-cluster.json" \
  vitest_run "$results_dir/vitest-cluster.json" vitest run --project cluster
note_stage "Varias instancias" "$start"

echo
echo "Duración por etapa:"
cat "$stage_times"
echo "Los diez archivos de prueba más lentos:"
sort -rn "$results_dir/files.txt" 2>/dev/null | head -n 10 | awk -F'\t' '{ printf "%7s s  %s\n", $1, $2 }'
echo "Duración total: $(took 0)"
if [ -s "$failures" ]; then echo "Lo que falló:"; cat "$failures"; fi
if [ "$flaky_total" -gt 0 ]; then echo "$flaky_total flaky (pasaron sólo al reintentar; no se cuentan como passed)"; fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
