#!/usr/bin/env bash
# CI: build the one-folder executable with PyInstaller and prove it runs.
#
#   bash build_scripts/ci_build_smoke.sh
#
# Installs the project's "build" extra (pinned PyInstaller), builds dist/Kartenstube/ (no zip),
# then runs the built executable headless with --smoke 3 under the dummy video/audio drivers,
# from an empty working directory and with HOME pointed at a scratch folder so that the run
# also shows the bundle needs nothing from the checkout and writes nothing next to itself.
# Fails unless the executable exits 0 within the timeout.  About 1-2 minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."

python3 -m pip install --quiet -e ".[build]"
python3 build_scripts/build.py --no-zip --quiet

case "$(uname -s)" in
  Darwin) exe="dist/Kartenstube.app/Contents/MacOS/Kartenstube" ;;
  MINGW*|MSYS*|CYGWIN*) exe="dist/Kartenstube/Kartenstube.exe" ;;
  *) exe="dist/Kartenstube/Kartenstube" ;;
esac
exe="$(pwd)/$exe"
bundle_dir="$(dirname "$exe")"
before="$(ls -A "$bundle_dir" | sort)"

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/home" "$scratch/cwd"

echo "smoke: $exe --smoke 3"
status=0
(cd "$scratch/cwd" && HOME="$scratch/home" XDG_CONFIG_HOME="$scratch/home/.config" \
   XDG_DATA_HOME="$scratch/home/.local/share" XDG_STATE_HOME="$scratch/home/.local/state" \
   SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
   timeout 180 "$exe" --smoke 3) || status=$?
if [ "$status" -ne 0 ]; then
  echo "FAIL: the built executable exited with status $status" >&2
  exit 1
fi
after="$(ls -A "$bundle_dir" | sort)"
if [ "$before" != "$after" ]; then
  echo "FAIL: the executable wrote next to itself (no portable.txt there):" >&2
  diff <(echo "$before") <(echo "$after") >&2 || true
  exit 1
fi
echo "smoke: the built executable passed"

# The smoke run plays the bots inline; the app proper runs them in a "spawn" worker process,
# which a frozen executable only serves through multiprocessing.freeze_support().  Let the demo
# (bots in workers) play for a while: a worker must appear, and nothing may be logged as an error
# (the controller logs a dead or failing worker before it falls back).
echo "workers: $exe --demo for 15 s"
(cd "$scratch/cwd" && HOME="$scratch/home" XDG_CONFIG_HOME="$scratch/home/.config" \
   XDG_DATA_HOME="$scratch/home/.local/share" XDG_STATE_HOME="$scratch/home/.local/state" \
   SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy exec "$exe" --demo) 2>"$scratch/demo.err" &
app=$!
workers=""
helpers=""
for _ in $(seq 15); do
  sleep 1
  children="$( (ps -o pid=,args= --ppid "$app" 2>/dev/null || true) )"
  workers="$workers $(echo "$children" | awk '/multiprocessing-fork/ {print $1}')"
  helpers="$helpers $(echo "$children" | awk 'NF {print $1}')"
  kill -0 "$app" 2>/dev/null || break
done
alive=0; kill -0 "$app" 2>/dev/null && alive=1
kill -TERM "$app" 2>/dev/null || true
wait "$app" 2>/dev/null || true
sleep 1
for w in $(echo $helpers | tr ' ' '\n' | sort -u); do  # the worker and resource tracker, if still there
  if ps -o args= -p "$w" 2>/dev/null | grep -q Kartenstube; then kill -KILL "$w" 2>/dev/null || true; fi
done
if [ "$alive" -ne 1 ]; then
  echo "FAIL: the demo stopped by itself:" >&2; cat "$scratch/demo.err" >&2; exit 1
fi
if [ -z "${workers// /}" ]; then
  echo "FAIL: no bot worker process started" >&2; cat "$scratch/demo.err" >&2; exit 1
fi
if grep -E "ERROR|Traceback" "$scratch/demo.err" >&2; then
  echo "FAIL: the demo logged errors" >&2; exit 1
fi
echo "workers: bot worker process ran without errors"
