#!/usr/bin/env bash
# Installs the Debian packages HomeCam's checks need: ffmpeg (media), Chromium (browser tests) and the
# GStreamer RTSP server (the simulated camera), and PostgreSQL 15 (the 24/7 index runs its queries on it too). Runs apt-get only for what is missing, so a second run is instant.
set -euo pipefail

packages=(
  ffmpeg
  chromium
  fonts-dejavu-core
  python3-gi
  gir1.2-gst-rtsp-server-1.0
  gstreamer1.0-rtsp
  gstreamer1.0-tools
  gstreamer1.0-plugins-base
  gstreamer1.0-x
  gstreamer1.0-plugins-good
  gstreamer1.0-plugins-ugly
  gstreamer1.0-plugins-bad
  gstreamer1.0-libav
  postgresql-15
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && { echo "system packages present"; exit 0; }

if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
  echo "Missing Debian packages: ${missing[*]}" >&2
  echo "Install them as root: apt-get install -y ${missing[*]}" >&2
  exit 1
fi

echo "installing: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
