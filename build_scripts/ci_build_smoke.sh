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
