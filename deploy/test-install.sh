#!/usr/bin/env bash
# CI (issue 18): the image cannot be built here (no base-image registry), so this runs the install script the
# Dockerfile runs, on the host, into a temporary prefix with a throw-away service user, then starts the installed
# server as that user the way the unit does (no new privileges, empty capability bounding set) and checks
# /api/health. Everything it creates is removed at the end. Needs root (it creates a user).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

fail() { echo "test-install: FAILED: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || fail 'run as root: the check creates a service user'
[ -d "$root/node_modules" ] || fail 'run npm ci first: the build reuses the checkout installed dependencies'

user=homecamci
work="$(mktemp -d /tmp/homecam-install-test.XXXXXX)"
chmod 0755 "$work" # the service user must reach its data folder inside
server_pid=''
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then kill -KILL "$server_pid"; fi
  rm -rf "$work"
  if id -u "$user" >/dev/null 2>&1; then userdel "$user"; fi
}
trap cleanup EXIT
if id -u "$user" >/dev/null 2>&1; then userdel "$user"; fi # a run that was killed left it behind

prefix="$work/opt/homecam"
data="$work/data"
started=$SECONDS
bash "$root/deploy/install.sh" --prefix "$prefix" --data "$data" --user "$user" \
  --systemd-dir "$work/systemd" --deps-from "$root"
echo "install.sh took $((SECONDS - started)) s"

echo '== what was installed'
uid="$(id -u "$user")"
[ "$uid" -ne 0 ] || fail "the service user has uid 0"
[ "$(id -gn "$user")" = "$user" ] || fail "the service user has no own group"
[ "$(getent passwd "$user" | cut -d: -f7)" = /usr/sbin/nologin ] || fail 'the service user can log in'
[ "$(stat -c '%U %a' "$data")" = "$user 700" ] || fail "data folder: $(stat -c '%U %a' "$data")"
[ "$(stat -c '%U %a' "$data/recordings")" = "$user 700" ] || fail "recordings folder: $(stat -c '%U %a' "$data/recordings")"
[ "$(stat -c %U "$prefix/server/dist/main.js")" = root ] || fail 'the install is not owned by root'
for needed in server/dist/main.js packages/shared/dist/index.js web/dist/index.html scripts/supervisor.mjs \
  node_modules/fastify node_modules/better-sqlite3; do
  [ -e "$prefix/$needed" ] || fail "missing from the install: $needed"
done
for dev in vitest typescript hap-controller @playwright/test @stoprocent/noble; do
  [ ! -e "$prefix/node_modules/$dev" ] || fail "a dev dependency was installed: $dev"
done
unit="$work/systemd/homecam.service"
grep -qx "User=$user" "$unit" || fail 'unit: wrong user'
grep -qx "ExecStart=$(command -v node) $prefix/server/dist/main.js --data $data" "$unit" || fail 'unit: wrong ExecStart'
grep -qx "ReadWritePaths=$data" "$unit" || fail 'unit: wrong ReadWritePaths'
grep -qx 'RestartForceExitStatus=75' "$unit" || fail 'unit: no restart on exit 75'
as_user=(setpriv --reuid="$user" --regid="$user" --init-groups --no-new-privs --bounding-set=-all --inh-caps=-all)
if "${as_user[@]}" test -w "$prefix/server/dist/main.js"; then fail 'the service user can change the install'; fi
echo "user $user (uid $uid), data 0700, install root-owned and read-only to the user, no dev dependencies, unit ok"

echo '== start as the service user, /api/health'
port="$(node -e 'const s=require("node:net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
log="$work/server.log"
(cd "$data" && exec "${as_user[@]}" env -i PATH=/usr/bin:/bin HOME="$data" HOMECAM_LOG_LEVEL=info INVOCATION_ID=ci \
  "$(command -v node)" "$prefix/server/dist/main.js" --data "$data" --host 127.0.0.1 --port "$port") >"$log" 2>&1 &
server_pid=$!
health=''
for _ in $(seq 1 150); do
  health="$(curl -fsS -m 2 "http://127.0.0.1:$port/api/health" 2>/dev/null)" && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$log" >&2; fail 'the installed server exited'; }
  sleep 0.2
done
[ "$health" = '{"status":"ok"}' ] || { cat "$log" >&2; fail "no health answer: $health"; }
echo "GET /api/health -> $health"
running_uid="$(ps -o uid= -p "$server_pid" | tr -d ' ')"
[ "$running_uid" = "$uid" ] || fail "the server runs as uid $running_uid"
grep -q 'HomeCam listening on' "$log" || fail 'no ready line'
if grep -q 'running as root' "$log"; then fail 'the root warning was logged for a non-root user'; fi
[ "$(stat -c %U "$data/homecam.db")" = "$user" ] || fail 'the database is not the service user'"'"'s'
echo "server uid $running_uid, database written as $user, no root warning"

kill -TERM "$server_pid"
code=0
wait "$server_pid" || code=$?
server_pid=''
[ "$code" -eq 0 ] || { cat "$log" >&2; fail "SIGTERM ended the server with $code"; }
echo "stopped with 0 on SIGTERM; whole check $((SECONDS - started)) s"
echo 'test-install: ok'
