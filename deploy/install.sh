#!/usr/bin/env bash
# Installs HomeCam to run as its own unprivileged user (issue 18), on Debian as root. The Dockerfile runs this same
# script for its install steps (with --no-systemd) and CI runs it on the host (deploy/test-install.sh), because the
# image cannot be built there.
#
#   1. Debian packages HomeCam needs at run time (ffmpeg), when missing.
#   2. The service user: a system user and group, no login shell, home = the data folder.
#   3. A production build: the sources are copied to a staging folder, dependencies installed (npm ci), built
#      (npm run build), dev dependencies pruned (npm prune --omit=dev).
#   4. The build goes to the prefix, owned by root and read-only to the service user (a hole in HomeCam cannot
#      change HomeCam); the data and recordings folders are created for the user, 0700.
#   5. The systemd unit (deploy/systemd/homecam.service) with these paths, checked with systemd-analyze; under a
#      running systemd it is enabled and started.
set -euo pipefail

usage() {
  cat <<'EOF'
Usage: deploy/install.sh [options]   (as root)
  --prefix DIR        where HomeCam is installed (default /opt/homecam); replaced as a whole on reinstall
  --data DIR          data folder: database, config.json, logs, recordings (default /var/lib/homecam)
  --user NAME         the service user and group, created when missing (default homecam)
  --source DIR        the HomeCam sources (default: the checkout this script belongs to)
  --systemd-dir DIR   where the unit file goes (default /etc/systemd/system)
  --no-systemd        no unit file (the Docker image: the container runs HomeCam)
  --no-start          install and enable the unit, but do not start it
  --deps-from DIR     CI only: copy DIR's installed node_modules instead of `npm ci` (no prebuilt binaries
                      can be downloaded there, so better-sqlite3 would compile for minutes)
EOF
}

prefix=/opt/homecam
data=/var/lib/homecam
user=homecam
source_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
systemd_dir=/etc/systemd/system
with_systemd=1
start_service=1
deps_from=''

die() { echo "install.sh: $*" >&2; exit 1; }
step() { echo "== $*"; }
absolute() { case "$1" in /*) printf '%s' "${1%/}" ;; *) die "$2 must be an absolute path: $1" ;; esac; }

while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix="$(absolute "${2:-}" --prefix)"; shift 2 ;;
    --data) data="$(absolute "${2:-}" --data)"; shift 2 ;;
    --user) user="${2:-}"; shift 2 ;;
    --source) source_dir="$(absolute "${2:-}" --source)"; shift 2 ;;
    --systemd-dir) systemd_dir="$(absolute "${2:-}" --systemd-dir)"; shift 2 ;;
    --no-systemd) with_systemd=0; shift ;;
    --no-start) start_service=0; shift ;;
    --deps-from) deps_from="$(absolute "${2:-}" --deps-from)"; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; die "unknown option: $1" ;;
  esac
done

[[ "$user" =~ ^[a-z_][a-z0-9_-]{0,30}$ ]] || die "--user must be a plain user name: $user"
[ "$user" != root ] || die 'HomeCam must not run as root'
[ "$(id -u)" -eq 0 ] || die 'run as root (it creates a user, installs packages and a system service)'
[ -f "$source_dir/server/package.json" ] || die "no HomeCam sources in $source_dir"
for dir in "$prefix" "$data"; do
  case "$dir" in '' | /usr | /usr/* | /etc | /etc/* | /var | /home | /root | /tmp | "$source_dir") die "refusing the folder $dir" ;; esac
done
[ "$prefix" != "$data" ] || die '--prefix and --data must differ (the install is replaced as a whole)'

command -v node >/dev/null || die 'Node.js >= 20.19 is needed (https://nodejs.org, or NodeSource for Debian)'
node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>20||(a===20&&b>=19)?0:1)' ||
  die "Node.js >= 20.19 is needed, found $(node -v)"
node_bin="$(command -v node)"

step 'Debian packages'
missing=()
for package in ffmpeg ca-certificates; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo 'present: ffmpeg ca-certificates'
fi

step "service user $user"
if id -u "$user" >/dev/null 2>&1; then
  [ "$(id -u "$user")" -ne 0 ] || die "user $user has uid 0"
  echo "exists (uid $(id -u "$user"))"
else
  useradd --system --user-group --home-dir "$data" --no-create-home --shell /usr/sbin/nologin \
    --comment 'HomeCam camera server' "$user"
  echo "created (uid $(id -u "$user"))"
fi

stage="$(mktemp -d "${TMPDIR:-/tmp}/homecam-build.XXXXXX")"
trap 'rm -rf "$stage"' EXIT

step "build in $stage"
# The sources only: no installed modules, builds, test output or VCS data from the source folder.
tar -C "$source_dir" -cf - \
  --exclude=./.git --exclude=node_modules --exclude=dist --exclude='*.tsbuildinfo' --exclude=test-results \
  --exclude=playwright-report --exclude=./bench/results --exclude=./.homecam-dev --exclude=coverage . |
  tar -C "$stage" -xf -
if [ -n "$deps_from" ]; then
  for modules in "$deps_from"/node_modules "$deps_from"/*/node_modules "$deps_from"/packages/*/node_modules; do
    [ -d "$modules" ] || continue
    target="$stage/${modules#"$deps_from"/}"
    mkdir -p "$(dirname "$target")"
    cp -a "$modules" "$target"
  done
else
  (cd "$stage" && npm ci --no-audit --no-fund)
fi
started=$SECONDS
(cd "$stage" && npm run build >/dev/null)
echo "built in $((SECONDS - started)) s"
# Only the server runs: the web app is bundled into web/dist, tests, e2e, bench and tools are not installed. As
# workspaces they would keep their packages (React, TypeScript as an optional peer, ...) through the prune.
(
  cd "$stage"
  node -e 'const fs=require("fs");const p=JSON.parse(fs.readFileSync("package.json"));p.workspaces=["packages/shared","server"];fs.writeFileSync("package.json",JSON.stringify(p,null,2)+"\n")'
  npm prune --omit=dev --no-audit --no-fund
)

step "install to $prefix"
next="$prefix.new"
rm -rf "$next"
mkdir -p "$next"
# What runs: the pruned dependencies, the built server and shared package, the web app, and the supervisor
# (Docker). The README goes along for the unit's Documentation= link.
(
  cd "$stage"
  tar -cf - package.json package-lock.json node_modules README.md scripts/supervisor.mjs server/package.json \
    server/dist packages/shared/package.json packages/shared/dist web/dist | tar -C "$next" -xf -
)
chown -R root:root "$next"
chmod -R u+rwX,go+rX,go-w "$next"
if [ -e "$prefix" ]; then
  rm -rf "$prefix.old"
  mv "$prefix" "$prefix.old"
fi
mv "$next" "$prefix"
rm -rf "$prefix.old"

step "data in $data"
install -d -m 0700 -o "$user" -g "$user" "$data" "$data/recordings"
# A data folder from an install as root: hand it to the service user (it was root's alone).
chown -R "$user:$user" "$data"

if [ "$with_systemd" -eq 1 ]; then
  step "systemd unit in $systemd_dir"
  unit="$systemd_dir/homecam.service"
  mkdir -p "$systemd_dir"
  sed -e "s#/usr/bin/node #$node_bin #" -e "s#/opt/homecam#$prefix#g" -e "s#/var/lib/homecam#$data#g" \
    -e "s#^User=homecam\$#User=$user#" -e "s#^Group=homecam\$#Group=$user#" \
    "$source_dir/deploy/systemd/homecam.service" >"$unit.tmp"
  chmod 0644 "$unit.tmp"
  mv "$unit.tmp" "$unit"
  if command -v systemd-analyze >/dev/null; then
    systemd-analyze verify "$unit"
    echo "systemd-analyze verify: ok"
  fi
  if [ -d /run/systemd/system ] && [ "$systemd_dir" = /etc/systemd/system ]; then
    systemctl daemon-reload
    if [ "$start_service" -eq 1 ]; then
      systemctl enable --now homecam.service
      systemctl restart homecam.service # a reinstall runs the new build
    else
      systemctl enable homecam.service
    fi
  else
    echo "systemd is not running here: start with  systemctl enable --now homecam"
  fi
fi

version="$(node -p 'require(process.argv[1]).version' "$prefix/package.json")"
step "installed: HomeCam $version in $prefix, user $user, data $data"
