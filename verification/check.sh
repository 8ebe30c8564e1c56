#!/usr/bin/env bash
# Runs every CPU verification check (Coq, SMT, Frama-C WP, Spin and their mutants) and writes
# build/verification_status.json. Non-zero exit on any failed obligation or mutant not caught.
# Arguments pass through to check.py (e.g. --mode mutants, --status FILE, --allow-missing).
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 verification/check.py "$@"
