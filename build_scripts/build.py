"""Build the Kartenstube executable with PyInstaller: one folder (zipped for download) or one file.

    python build_scripts/build.py              # dist/Kartenstube/ and dist/Kartenstube-<version>-<platform>.zip
    python build_scripts/build.py --onefile    # dist/onefile/Kartenstube (.exe on Windows)
    python build_scripts/build.py --no-zip     # the folder only (CI)

On macOS the one-folder build is ``dist/Kartenstube.app`` and the zip holds the .app.
Downloads are made by ``build_scripts/release.py``, which builds through this module, smoke-tests
the result and packs it per OS (zip, dmg, tar.gz) with a checksum.
PyInstaller comes from the project's ``build`` extra: ``python3 -m pip install -e ".[build]"``.
"""

from __future__ import annotations

import argparse
import os
import platform
import stat
import subprocess
import sys
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build_scripts" / "kartenstube.spec"
sys.path.insert(0, str(ROOT / "build_scripts"))

import version_info  # noqa: E402

NAME = version_info.APP_NAME


def os_tag(system: str | None = None) -> str:
    """``windows``, ``macos``, ``linux`` (or another Unix's name without its version digits)."""
    system = system or sys.platform
    return {"win32": "windows", "darwin": "macos"}.get(system, system.rstrip("0123456789"))


def arch_tag(machine: str | None = None) -> str:
    """``x64`` for x86-64 (``AMD64`` on Windows), ``arm64`` for Apple silicon and aarch64."""
    machine = (platform.machine() if machine is None else machine).lower()
    aliases = {"amd64": "x64", "x86_64": "x64", "x64": "x64", "aarch64": "arm64", "arm64": "arm64"}
    return aliases.get(machine, machine or "unknown")


def platform_tag() -> str:
    """``linux-x64``, ``windows-x64``, ``macos-arm64``: the suffix of download names."""
    return f"{os_tag()}-{arch_tag()}"


def exe_name() -> str:
    return NAME + (".exe" if sys.platform == "win32" else "")


def onedir_path(dist: Path) -> Path:
    """The one-folder result: the .app on macOS, the folder elsewhere."""
    return dist / (f"{NAME}.app" if sys.platform == "darwin" else NAME)


def onedir_executable(dist: Path) -> Path:
    if sys.platform == "darwin":
        return dist / f"{NAME}.app" / "Contents" / "MacOS" / NAME
    return dist / NAME / exe_name()


def onefile_executable(dist: Path) -> Path:
    return dist / "onefile" / exe_name()


def have_pyinstaller() -> bool:
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        return False
    return True


def ensure_icon() -> None:
    """Draw the icon if a fresh checkout lacks it (it is committed, so normally a no-op)."""
    if not (ROOT / "assets" / "icon" / "kartenstube.ico").exists():
        subprocess.run([sys.executable, str(ROOT / "build_scripts" / "make_icon.py")], check=True)


def run_pyinstaller(onefile: bool, dist: Path, work: Path, probe: bool = False, quiet: bool = False) -> Path:
    """Run PyInstaller on the spec; returns the built executable."""
    kind = "onefile" if onefile else "onedir"
    distpath = dist / "onefile" if onefile else dist
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean",
           "--distpath", str(distpath), "--workpath", str(work / kind), str(SPEC), "--"]
    if onefile:
        cmd.append("--onefile")
    if probe:
        cmd.append("--probe")
    if quiet:
        cmd[4:4] = ["--log-level", "WARN"]
    env = dict(os.environ, PYTHONHASHSEED="0", PYGAME_HIDE_SUPPORT_PROMPT="1")  # steadier output, quieter hooks
    subprocess.run(cmd, check=True, cwd=ROOT, env=env)
    return onefile_executable(dist) if onefile else onedir_executable(dist)


def zip_onedir(dist: Path, version: str) -> Path:
    """Zip the folder (or .app) keeping executable bits and symlinks, for the download page."""
    src = onedir_path(dist)
    out = dist / f"{NAME}-{version}-{platform_tag()}.zip"
    if sys.platform == "darwin":
        # ditto keeps the .app's symlinks, extended attributes and code signature intact.
        subprocess.run(["ditto", "-c", "-k", "--keepParent", str(src), str(out)], check=True)
        return out
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in sorted(src.rglob("*")):
            arc = path.relative_to(src.parent).as_posix()
            if path.is_symlink():
                info = zipfile.ZipInfo(arc, date_time=time.localtime(path.lstat().st_mtime)[:6])
                info.create_system = 3
                info.external_attr = (stat.S_IFLNK | 0o777) << 16
                zf.writestr(info, os.readlink(path))
            elif path.is_file():
                zf.write(path, arc)
    return out


def size_mb(path: Path) -> float:
    """Size in MB (10^6 bytes) of a file or of everything under a folder (symlinks not followed)."""
    if path.is_file():
        return path.stat().st_size / 1e6
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink()) / 1e6


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--onefile", action="store_true", help="build the one-file executable instead of the folder")
    p.add_argument("--no-zip", action="store_true", help="do not zip the one-folder build")
    p.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder (default: dist/)")
    p.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller", help="PyInstaller's work folder")
    p.add_argument("--probe", action="store_true", help=argparse.SUPPRESS)  # benchmarks/package.py only
    p.add_argument("--quiet", action="store_true", help="only PyInstaller's warnings")
    args = p.parse_args(argv)

    if not have_pyinstaller():
        print("PyInstaller is not installed. Install the build extra first:\n"
              '    python3 -m pip install -e ".[build]"', file=sys.stderr)
        return 2
    ensure_icon()
    version = version_info.read_version(ROOT)
    started = time.perf_counter()
    exe = run_pyinstaller(args.onefile, args.dist.resolve(), args.work.resolve(), args.probe, args.quiet)
    took = time.perf_counter() - started
    if not exe.exists():
        print(f"build finished but {exe} is missing", file=sys.stderr)
        return 1
    if args.onefile:
        print(f"one-file executable: {exe} ({size_mb(exe):.1f} MB, built in {took:.0f} s)")
    else:
        folder = onedir_path(args.dist.resolve())
        print(f"one-folder build: {folder} ({size_mb(folder):.1f} MB, built in {took:.0f} s); run {exe}")
        if not args.no_zip:
            z = zip_onedir(args.dist.resolve(), version)
            print(f"download archive: {z} ({size_mb(z):.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
