#!/usr/bin/env bash
# Installs what building, the demo and the tests need, when it is missing.
# Usage: Scripts/install-deps.sh [build|test]
#   build: libgit2 (headers), pkg-config and git; libmagic, cairo, pango and gdk-pixbuf
#          (headers) for QuickLook, and a font so thumbnails have real glyphs
#   test:  also LibreOffice and the git servers the integration tests start on 127.0.0.1
set -euo pipefail
level=${1:-build}

packages=(libgit2-dev pkg-config git ca-certificates)
# libcrypto (headers): SHA-1 of the index file (Sources/Git/Support/SHA1.swift).
packages+=(libssl-dev)
# libdeflate (headers): a push inflates its loose trees with it (Sources/Git/Push/LooseTreeReader.swift).
packages+=(libdeflate-dev)
# QuickLook: content types (libmagic), drawing (cairo), text (pango), image decoding
# (gdk-pixbuf), writing PNG (zlib), and DejaVu fonts, which a headless machine may not have.
# QuickLook opens libmagic.so.1, libcairo.so.2, libpangocairo-1.0.so.0 and
# libgdk_pixbuf-2.0.so.0 with dlopen at run time; the -dev packages depend on the packages
# that hold them (libmagic1, libcairo2, libpangocairo-1.0-0, libgdk-pixbuf-2.0-0).
packages+=(libmagic-dev libcairo2-dev libpango1.0-dev libgdk-pixbuf-2.0-dev zlib1g-dev fonts-dejavu-core)
if [ "$level" = test ]; then
  # LibreOffice: an outside RTF reader and writer the RichText tests compare with.
  # lighttpd, openssh and openssl: real git servers on 127.0.0.1 for the sync tests.
  packages+=(libreoffice-writer-nogui lighttpd lighttpd-mod-openssl openssh-server openssh-client openssl curl python3)
  # pandoc: a second outside RTF reader for Scripts/peer-corpus-check.sh.
  packages+=(pandoc)
  # bsdutils (script), zsh, fish, man-db and groff: the CLI tests run notes on a pseudo-terminal,
  # load the completion scripts in real shells and render the man page.
  packages+=(bsdutils zsh fish man-db groff-base)
  # strace: the start-up test checks which files a command opens.
  packages+=(strace)
fi

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}" >&2
  sudo_cmd=()
  if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v swift >/dev/null 2>&1 && [ ! -x /opt/swift/usr/bin/swift ]; then
  echo "error: no Swift toolchain found (expected 'swift' on PATH or /opt/swift/usr/bin/swift)" >&2
  exit 1
fi
