#!/usr/bin/env bash
# Installs the Debian 12 packages fp4-mlir needs, when they are missing.
# Used by both quick-start commands and by CI; safe to run again.
set -euo pipefail

PACKAGES=(
  # LLVM/MLIR 22: the compiler's libraries, tablegen, lit/FileCheck, lld.
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools lld-22 liblld-22-dev
  clang-22 libclang-rt-22-dev
  # Build and unit tests.
  cmake ninja-build g++ libgtest-dev
  # Python tests (ctypes package) and lit.
  python3 python3-numpy python3-pytest
  # llvm-22 links against these at build time.
  zlib1g-dev libzstd-dev libedit-dev libcurl4-openssl-dev libxml2-dev
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "install-deps: missing Debian packages: ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  echo "install-deps: not root; run this first:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
