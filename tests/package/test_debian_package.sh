#!/usr/bin/env bash
# The Debian package, as a user gets it: built by CPack from this build folder, checked by lintian
# (no errors), unpacked into a scratch root with dpkg -x, and run from there, outside any checkout:
# the CLI gives the build's state hash and the man pages' examples run, `verify` reads the record
# installed with it (no CPU-checked claim stale, none missing, device-run claims passed, stale or
# not run, the binary's kernel hashes matching the files),
# the installed Python module imports and agrees with it, and the app opens under Xvfb, on its
# default preset and on a session file given as its argument (as a file manager does), and saves a
# screenshot. No path of the build machine is in any file.
#   test_debian_package.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$(realpath "$1")
build=$(realpath "$2")
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
fail() {
  echo "FAIL: $*" >&2
  exit 1
}

cpack --config "$build/CPackConfig.cmake" -B "$scratch/out" >"$scratch/cpack.log" 2>&1 ||
  { cat "$scratch/cpack.log"; fail "cpack"; }
debs=("$scratch"/out/dimerlab_*_amd64.deb)
[ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || fail "expected one dimerlab_VERSION_amd64.deb"
deb=${debs[0]}
echo "package: $(basename "$deb"), $(stat -c %s "$deb") bytes"
dpkg-deb -f "$deb" Depends | grep -q "libqt6gui6" || fail "no shlibdeps dependencies in Depends"

# lintian: errors fail the test, warnings are printed.
lintian --fail-on error --allow-root "$deb" || fail "lintian reports errors"

root=$scratch/root
dpkg -x "$deb" "$root"
for f in usr/bin/dimerlab usr/bin/dimerlab-cli usr/share/man/man1/dimerlab.1.gz \
  usr/share/man/man1/dimerlab-cli.1.gz usr/share/applications/dimerlab.desktop \
  usr/share/icons/hicolor/scalable/apps/dimerlab.svg usr/share/mime/packages/dimerlab.xml \
  usr/share/doc/dimerlab/copyright usr/share/doc/dimerlab/changelog.gz \
  usr/share/dimerlab/verification/manifest.json usr/share/dimerlab/verification/status/cpu.json; do
  [ -f "$root/$f" ] || fail "missing $f"
done
for size in 16 32 48 64 128 256; do
  png=$root/usr/share/icons/hicolor/${size}x${size}/apps/dimerlab.png
  file "$png" | grep -q "PNG image data, $size x $size" || fail "icon $png is not $size x $size"
done
desktop-file-validate "$root/usr/share/applications/dimerlab.desktop" || fail "desktop-file-validate"

# The desktop entry opens the MIME type the package defines, whose glob is the suffix the app saves
# sessions under (app/session_path.hpp).
python3 - "$root" "$src" <<'EOF' || fail "desktop entry, MIME type and session suffix disagree"
import configparser, re, sys, xml.etree.ElementTree as ET
root, src = sys.argv[1], sys.argv[2]
entry = configparser.ConfigParser(interpolation=None)
entry.read(f"{root}/usr/share/applications/dimerlab.desktop")
mime_types = [t for t in entry["Desktop Entry"]["MimeType"].split(";") if t]
assert "%f" in entry["Desktop Entry"]["Exec"].split(), entry["Desktop Entry"]["Exec"]
ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
defined = ET.parse(f"{root}/usr/share/mime/packages/dimerlab.xml").getroot().findall("m:mime-type", ns)
assert [d.get("type") for d in defined] == mime_types, (mime_types, defined)
globs = [g.get("pattern") for g in defined[0].findall("m:glob", ns)]
suffix = re.search(r'kSessionSuffix = "([^"]+)"', open(f"{src}/app/session_path.hpp").read()).group(1)
assert globs == ["*" + suffix], (globs, suffix)
EOF

# No path of this machine's checkout or build folder in any installed file.
for dir in "$src" "$build"; do
  if leaks=$(grep -rlF "$dir" "$root"); then
    echo "$leaks" >&2
    fail "installed files name $dir"
  fi
done

# The installed programs, started from a folder outside any checkout.
mkdir -p "$scratch/cwd"
cd "$scratch/cwd"
cli=$root/usr/bin/dimerlab-cli
hash_of() { python3 -c 'import json,sys; print(json.load(sys.stdin)["final"]["state_hash"])'; }
installed=$("$cli" sample --graph torus:16x16 --lambda 2 --sweeps 40 --seed 11 --json | hash_of)
built=$("$build/cli/dimerlab-cli" sample --graph torus:16x16 --lambda 2 --sweeps 40 --seed 11 --json | hash_of)
[ "$installed" = "$built" ] || fail "installed CLI state hash $installed, build's $built"
echo "installed CLI: state hash $installed, as the build's"
# Every example of the man page runs (resources/man/dimerlab-cli.h2m).
sed -n 's/^dimerlab\\-cli /dimerlab-cli /p' "$src/resources/man/dimerlab-cli.h2m" | sed 's/\\-/-/g' |
  while read -r _ args; do
    # shellcheck disable=SC2086
    "$cli" $args >/dev/null || fail "man page example failed: dimerlab-cli $args"
  done
zcat "$root/usr/share/man/man1/dimerlab-cli.1.gz" | grep -q "^\.SH EXAMPLES" || fail "no EXAMPLES in the man page"

python3 - "$cli" "$root" <<'EOF' || fail "the installed verification record"
import json, os, subprocess, sys
cli, root = sys.argv[1], os.path.realpath(sys.argv[2])
report = json.loads(subprocess.run([cli, "verify", "--json"], check=True, capture_output=True).stdout)
assert os.path.realpath(report["repository"]) == root + "/usr/share/dimerlab", report["repository"]
claims = report["claims"]
# The CPU checks' record is refreshed with the sources, so none of its claims may be stale. Claims
# of method gpu take the newest committed device run: after the kernels' sources change they read
# stale until a device runs them again, and verify must say so (listed here, never failed or green).
bad = [(c["id"], c["status"], c["changed"], c["missing"]) for c in claims
       if c["method"] != "gpu" and (c["status"] == "stale" or c["missing"])]
assert not bad, bad
gpu = {c["id"]: c["status"] for c in claims if c["method"] == "gpu"}
assert all(s in ("passed-gpu", "stale", "not-run") for s in gpu.values()), gpu
print("device-run claims:", gpu)
assert any(c["status"] == "proved" for c in claims) and any(c["status"] == "tested" for c in claims)
unmatched = [k["path"] for k in report["binary"]["kernel_files"] if not k["matches"]]
assert not unmatched, unmatched
print("installed record:", {s: sum(c["status"] == s for c in claims) for s in sorted({c["status"] for c in claims})})
EOF

# The Python module, imported from the unpacked dist-packages, gives the CLI's state hash.
module=$(ls "$root"/usr/lib/python3/dist-packages/dimerlab*.so)
py_hash=$(PYTHONPATH=$root/usr/lib/python3/dist-packages /usr/bin/python3 -c '
import dimerlab
c = dimerlab.Chain(dimerlab.Graph("torus:16x16"), 2.0, seed=11)
c.run(40 * 11 / 10)
print(dimerlab.__file__, c.state_hash)')
[ "${py_hash%% *}" = "$module" ] || fail "python imported ${py_hash%% *}, not the installed $module"
[ "${py_hash##* }" = "$installed" ] || fail "installed Python module: state hash ${py_hash##* }, CLI's $installed"
echo "installed Python module: state hash ${py_hash##* }, as the CLI's"

app=$root/usr/bin/dimerlab
shot_size() { python3 -c 'import struct,sys; d=open(sys.argv[1],"rb").read(24); print(*struct.unpack(">II", d[16:24]))' "$1"; }
xvfb-run -a -s "-screen 0 1280x900x24" "$app" --frames 5 --size 900x600 --screenshot default.png ||
  fail "the installed app on the default preset"
[ "$(shot_size default.png)" = "900 600" ] || fail "screenshot is $(shot_size default.png), not 900 600"
cp "$src/resources/presets/aztec.json" lecture.dimerlab.json
xvfb-run -a -s "-screen 0 1280x900x24" "$app" lecture.dimerlab.json --frames 3 --size 900x600 \
  --screenshot session.png || fail "the installed app on a session file given as its argument"
[ -s session.png ] || fail "no screenshot of the session"
"$app" --version | grep -q "^dimerlab " || fail "dimerlab --version without a display"
echo "installed app: screenshots of the default preset and of a session file"
