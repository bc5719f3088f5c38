#!/bin/sh
# Put Kartenstube into this user's application menu (no root needed), or take it out again:
#
#   ./install.sh               menu entry and icon for the Kartenstube in this folder
#   ./install.sh --uninstall   remove them (the game folder and your saves stay)
#
# Writes ~/.local/share/applications/kartenstube.desktop and
# ~/.local/share/icons/hicolor/256x256/apps/kartenstube.png ($XDG_DATA_HOME if set).
# Run it again after moving the folder: the menu entry points at this folder's executable.
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
share="${XDG_DATA_HOME:-$HOME/.local/share}"
entry="$share/applications/kartenstube.desktop"
icon="$share/icons/hicolor/256x256/apps/kartenstube.png"

if [ "${1:-}" = "--uninstall" ]; then
  rm -f "$entry" "$icon"
  echo "Removed the menu entry and icon. Delete this folder to remove the game itself."
  exit 0
fi
if [ ! -x "$here/Kartenstube" ]; then
  echo "install.sh: $here/Kartenstube is missing; run this script from the unpacked Kartenstube folder" >&2
  exit 1
fi
case "$here" in
  *'"'*|*'`'*|*'$'*|*'\'*)
    echo "install.sh: the folder name contains \" \` \$ or \\; move the folder and try again" >&2
    exit 1 ;;
esac
mkdir -p "$(dirname "$entry")" "$(dirname "$icon")"
cp "$here/kartenstube.png" "$icon"
tmp="$entry.tmp.$$"
# The desktop file's Exec needs an absolute path; quoting keeps spaces in the folder name working.
while IFS= read -r line; do
  case "$line" in
    Exec=*) printf 'Exec="%s/Kartenstube"\n' "$here" ;;
    *) printf '%s\n' "$line" ;;
  esac
done < "$here/kartenstube.desktop" > "$tmp"
mv "$tmp" "$entry"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$(dirname "$entry")" || true
echo "Kartenstube is now in your application menu ($entry)."
