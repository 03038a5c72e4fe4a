#!/usr/bin/env bash
# Usage: certificate.sh DIR
# Makes a self-signed certificate for 127.0.0.1 and localhost: DIR/cert.pem and DIR/key.pem.
# mbedTLS (libgit2) ignores iPAddress names, so 127.0.0.1 is also a DNS name in the SAN.
set -euo pipefail
dir=$1
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=localhost \
  -addext "subjectAltName=DNS:127.0.0.1,DNS:localhost,IP:127.0.0.1" \
  -keyout "$dir/key.pem" -out "$dir/cert.pem" 2>"$dir/certificate.log"
