#!/usr/bin/env bash
# CI: check the Linux download the way a player gets it, independently of release.py's own check.
#
#   bash build_scripts/check_linux_download.sh dist/Kartenstube-<version>-linux-x64.tar.gz
#
# 1. `sha256sum -c` on the .sha256 beside the archive.
# 2. Unpack into a fresh folder whose name has spaces and non-ASCII letters.
# 3. `--smoke 3` with a clean environment (env -i) and an empty HOME: the run must pass, write its
#    log under that HOME (~/.local/state/Kartenstube) and nothing beside the executable.
# 4. `--demo` for 15 s (bots in "spawn" worker processes): a worker must start from the frozen
#    executable, the app must stay up, and nothing may be logged as an error.
# 5. With Xvfb installed: `--demo` on a real X server (SDL's x11 driver) for 8 s: the window must
#    appear (xwininfo, when installed) and the app must stay up without errors.
# 6. install.sh writes a menu entry pointing at the unpacked executable; --uninstall removes it.
# 7. Print the glibc floor of the unpacked files and check INSTALL.txt states the same.
set -euo pipefail
cd "$(dirname "$0")/.."

archive="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
[ -f "$archive" ] || { echo "FAIL: no archive $1" >&2; exit 1; }
scratch="$(mktemp -d)"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  rm -rf "$scratch"
}
trap cleanup EXIT

echo "download: $(basename "$archive") ($(du -k "$archive" | cut -f1) KB)"
(cd "$(dirname "$archive")" && sha256sum -c "$(basename "$archive").sha256")

unpacked="$scratch/Downloads Jürgen Größe"
mkdir -p "$unpacked"
tar -xzf "$archive" -C "$unpacked"
app="$unpacked/Kartenstube"
exe="$app/Kartenstube"
[ -x "$exe" ] || { echo "FAIL: $exe missing or not executable" >&2; exit 1; }
for f in kartenstube.desktop kartenstube.png install.sh INSTALL.txt; do
  [ -f "$app/$f" ] || { echo "FAIL: $f missing from the archive" >&2; exit 1; }
done
echo "unpacked: $(du -sk "$app" | cut -f1) KB in $app"

# A clean environment: nothing from this shell (no XDG_*, no DISPLAY), an empty home.
clean_env() {  # clean_env HOME VAR=VALUE... -- COMMAND...
  local home="$1"; shift
  env -i PATH=/usr/bin:/bin HOME="$home" LANG=C.UTF-8 SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1 "$@"
}

home="$scratch/home Jürgen"
mkdir -p "$home" "$scratch/cwd"
before="$(ls -A "$app" | sort)"
echo "smoke: $exe --smoke 3 (empty HOME)"
(cd "$scratch/cwd" && clean_env "$home" SDL_VIDEODRIVER=dummy timeout 180 "$exe" --smoke 3) \
  || { echo "FAIL: the unpacked executable's smoke test failed" >&2; exit 1; }
[ -f "$home/.local/state/Kartenstube/kartenstube.log" ] \
  || { echo "FAIL: no log under the empty HOME:" >&2; find "$home" >&2; exit 1; }
[ "$before" = "$(ls -A "$app" | sort)" ] \
  || { echo "FAIL: the app wrote beside its executable" >&2; ls -A "$app" >&2; exit 1; }
echo "smoke: passed; the log is in \$HOME/.local/state/Kartenstube"

# The expert's compiled search travels inside the download: with no compiler reachable (PATH
# holds only an empty folder) the log still says the bundled core is in use.
nocc_home="$scratch/home-no-compiler"; mkdir -p "$nocc_home" "$scratch/empty-bin"
(cd "$scratch/cwd" && env -i PATH="$scratch/empty-bin" HOME="$nocc_home" LANG=C.UTF-8 SDL_VIDEODRIVER=dummy \
   SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1 "$exe" --smoke 1 >/dev/null 2>&1) \
  || { echo "FAIL: the smoke test without a compiler on the PATH failed" >&2; exit 1; }
grep -q "exact search: compiled core, bundled with the app" "$nocc_home/.local/state/Kartenstube/kartenstube.log" \
  || { echo "FAIL: without a compiler the expert does not use its bundled search:" >&2
       cat "$nocc_home/.local/state/Kartenstube/kartenstube.log" >&2; exit 1; }
echo "core: the expert's compiled search is bundled and used with no compiler on the PATH"

# run_demo SECONDS ERRFILE VAR=VALUE...: start --demo, watch its children, stop it; sets
# demo_alive (1 if it was still running at the end) and demo_workers (worker pids seen).
run_demo() {
  local seconds="$1" err="$2"; shift 2
  (cd "$scratch/cwd" && exec env -i PATH=/usr/bin:/bin HOME="$home" LANG=C.UTF-8 SDL_AUDIODRIVER=dummy \
     PYGAME_HIDE_SUPPORT_PROMPT=1 "$@" "$exe" --demo) 2>"$err" &
  local pid=$!
  pids+=("$pid")
  demo_workers=""
  local helpers=""
  for _ in $(seq "$seconds"); do
    sleep 1
    local children
    children="$( (ps -o pid=,args= --ppid "$pid" 2>/dev/null || true) )"
    demo_workers="$demo_workers $(echo "$children" | awk '/multiprocessing-fork/ {print $1}')"
    helpers="$helpers $(echo "$children" | awk 'NF {print $1}')"
    kill -0 "$pid" 2>/dev/null || break
  done
  demo_alive=0; kill -0 "$pid" 2>/dev/null && demo_alive=1
  if [ -n "${DEMO_CHECK:-}" ] && [ "$demo_alive" -eq 1 ]; then eval "$DEMO_CHECK"; fi
  kill -TERM "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  sleep 1
  for w in $(echo $helpers | tr ' ' '\n' | sort -u); do  # the worker and resource tracker, if left over
    if ps -o args= -p "$w" 2>/dev/null | grep -q Kartenstube; then kill -KILL "$w" 2>/dev/null || true; fi
  done
}

echo "workers: $exe --demo for 15 s (headless)"
run_demo 15 "$scratch/demo.err" SDL_VIDEODRIVER=dummy
[ "$demo_alive" -eq 1 ] || { echo "FAIL: the demo stopped by itself:" >&2; cat "$scratch/demo.err" >&2; exit 1; }
[ -n "${demo_workers// /}" ] || { echo "FAIL: no bot worker process started" >&2; cat "$scratch/demo.err" >&2; exit 1; }
if grep -qE "ERROR|Traceback" "$scratch/demo.err"; then cat "$scratch/demo.err" >&2; echo "FAIL: the demo logged errors" >&2; exit 1; fi
echo "workers: a bot worker process ran from the frozen executable without errors"

if command -v Xvfb >/dev/null 2>&1; then
  display=":$(( 90 + RANDOM % 400 ))"
  Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
  pids+=("$!")
  sleep 1
  window=""
  # Look for the window while the app runs (DEMO_CHECK is evaluated by run_demo before it stops the app).
  if command -v xwininfo >/dev/null 2>&1; then
    DEMO_CHECK='window="$(DISPLAY=$display xwininfo -root -tree 2>/dev/null | grep -i kartenstube || true)"'
  fi
  echo "xvfb: $exe --demo for 8 s on Xvfb $display (SDL x11 driver)"
  DEMO_CHECK="${DEMO_CHECK:-}" run_demo 8 "$scratch/xvfb.err" SDL_VIDEODRIVER=x11 DISPLAY="$display"
  [ "$demo_alive" -eq 1 ] || { echo "FAIL: the app stopped on Xvfb:" >&2; cat "$scratch/xvfb.err" >&2; exit 1; }
  if grep -E "ERROR|Traceback" "$scratch/xvfb.err" >&2; then echo "FAIL: errors on Xvfb" >&2; exit 1; fi
  if command -v xwininfo >/dev/null 2>&1; then
    [ -n "$window" ] || { echo "FAIL: no Kartenstube window on Xvfb" >&2; exit 1; }
    echo "xvfb: window up:$(echo "$window" | head -1 | sed 's/^ *[^ ]* //')"
  fi
  echo "xvfb: the app ran on a real X server"
else
  echo "xvfb: not installed, window test not run (apt-get install xvfb x11-utils)"
fi

share="$scratch/share"
(cd "$scratch/cwd" && XDG_DATA_HOME="$share" sh "$app/install.sh")
grep -qxF "Exec=\"$exe\"" "$share/applications/kartenstube.desktop" \
  || { echo "FAIL: the menu entry does not start $exe:" >&2; cat "$share/applications/kartenstube.desktop" >&2; exit 1; }
[ -f "$share/icons/hicolor/256x256/apps/kartenstube.png" ] || { echo "FAIL: no icon installed" >&2; exit 1; }
XDG_DATA_HOME="$share" sh "$app/install.sh" --uninstall >/dev/null
[ ! -e "$share/applications/kartenstube.desktop" ] || { echo "FAIL: --uninstall left the entry" >&2; exit 1; }
echo "install.sh: menu entry points at the unpacked executable; --uninstall removes it"

report="$(python3 build_scripts/glibc_floor.py "$app")"
echo "$report"
floor="$(echo "$report" | sed -n 's/^glibc floor: //p')"
grep -q "Needs glibc $floor or newer" "$app/INSTALL.txt" \
  || { echo "FAIL: INSTALL.txt does not state glibc $floor" >&2; exit 1; }
echo "download: all checks passed (glibc floor $floor)"
