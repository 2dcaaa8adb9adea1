#!/usr/bin/env bash
# Installs the Debian packages Javelin needs when they are missing (JDK 17, bubblewrap, g++, Chromium for e2e).
set -euo pipefail
missing=()
command -v javac >/dev/null 2>&1 || missing+=(openjdk-17-jdk-headless)
command -v bwrap >/dev/null 2>&1 || missing+=(bubblewrap)
# Problem packages' C++ output validators (the judge compiles them in its sandbox).
command -v g++ >/dev/null 2>&1 || missing+=(g++)
if [ "${1:-}" = "--with-browser" ]; then
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
fi
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ]; then
  echo "Missing Debian packages: ${missing[*]} — install them with: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "installing ${missing[*]} ..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
