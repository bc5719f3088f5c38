"""The release command: build, smoke-test, pack and checksum this OS's download.  Same on every OS:

    python3 build_scripts/release.py                    # dist/Kartenstube-<version>-<os>-<arch>.<ext> + .sha256
    python3 build_scripts/release.py --skip-build       # pack and check the build already in dist/
    python3 build_scripts/release.py --tag v0.1.0       # also fail unless the tag names pyproject's version
    python3 build_scripts/release.py --max-glibc 2.35   # Linux: fail if the build needs a newer glibc
    python3 build_scripts/release.py --name             # just print this OS's archive name

Steps; any failure stops the command with exit status 1 and a line starting "release: FAIL":

1. Build the one-folder app with ``kartenstube.spec`` (through ``build.py``).
2. Per OS: Linux adds ``kartenstube.desktop``, the icon, ``install.sh`` and ``INSTALL.txt``
   (which states the glibc floor, read from the built files); macOS signs the ``.app`` ad hoc
   (``codesign -s -``) and verifies the signature.
3. Smoke test: the built executable's ``--smoke 3`` (a bot plays three deals headless).
4. Pack: ``tar.gz`` on Linux, ``zip`` on Windows, ``dmg`` on macOS, and write ``<archive>.sha256``
   (``sha256sum -c`` / ``shasum -a 256 -c`` format).
5. Check the download as a player gets it: the checksum matches, the archive unpacks into a fresh
   folder whose name has non-ASCII letters, and the unpacked app passes the smoke test with an
   empty home folder (on Windows also empty, non-ASCII ``%APPDATA%``/``%LOCALAPPDATA%``); its log
   lands in that home and nothing is written beside the executable.

The version comes only from ``pyproject.toml`` (``version_info.read_version``).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build_scripts"))

import build  # noqa: E402
import glibc_floor  # noqa: E402
import version_info  # noqa: E402

NAME = version_info.APP_NAME
LINUX_FILES = ROOT / "build_scripts" / "linux"
SMOKE_DEALS = 3
SMOKE_TIMEOUT = 300  # seconds; a first start under a virus scanner can be slow
#: Part of the folder names the download is unpacked into and the empty home lives in.
UNUSUAL_NAME = "Jürgen Größe"


class ReleaseError(RuntimeError):
    """A step failed; the message says which and why."""


# ---------------------------------------------------------------- names


os_tag = build.os_tag
arch_tag = build.arch_tag


def archive_suffix(system: str | None = None) -> str:
    return {"windows": ".zip", "macos": ".dmg"}.get(os_tag(system), ".tar.gz")


def archive_name(version: str, system: str | None = None, machine: str | None = None) -> str:
    """``Kartenstube-0.1.0-linux-x64.tar.gz``, ``...-windows-x64.zip``, ``...-macos-arm64.dmg``."""
    return f"{NAME}-{version}-{os_tag(system)}-{arch_tag(machine)}{archive_suffix(system)}"


def check_tag(tag: str, version: str) -> None:
    """A release tag must name pyproject's version: ``v0.1.0`` (or ``refs/tags/v0.1.0``) for 0.1.0."""
    name = tag.removeprefix("refs/tags/")
    if name != f"v{version}":
        raise ReleaseError(f"tag {name!r} does not match the version in pyproject.toml ({version!r}); "
                           f"tag v{version} or change the version")


# ---------------------------------------------------------------- checksums


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def write_checksum(archive: Path) -> Path:
    """``<archive>.sha256`` holding ``<hex>  <file name>``: what ``sha256sum -c`` reads."""
    out = archive.with_name(archive.name + ".sha256")
    out.write_text(f"{sha256_of(archive)}  {archive.name}\n", encoding="ascii", newline="\n")
    return out


def verify_checksum(checksum_file: Path) -> Path:
    """Check the file named in a ``.sha256`` file (beside it) against the recorded hash."""
    try:
        recorded, name = checksum_file.read_text(encoding="ascii").split(maxsplit=1)
    except ValueError:
        raise ReleaseError(f"{checksum_file} is not '<hash>  <file>'") from None
    target = checksum_file.parent / name.strip().lstrip("*")
    if not target.is_file():
        raise ReleaseError(f"{checksum_file} names {target.name}, which is missing")
    actual = sha256_of(target)
    if actual != recorded.lower():
        raise ReleaseError(f"checksum mismatch for {target.name}: recorded {recorded}, actual {actual}")
    return target


# ---------------------------------------------------------------- per-OS preparation


def run(cmd: list[str], what: str, **kwargs: object) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(cmd, text=True, capture_output=True, **kwargs)  # type: ignore[call-overload]
    if result.returncode != 0:
        raise ReleaseError(f"{what} failed ({' '.join(cmd)}; status {result.returncode}):\n"
                           f"{result.stdout}{result.stderr}")
    return result  # type: ignore[no-any-return]


def install_note(version: str, glibc: str, archive: str) -> str:
    text = (LINUX_FILES / "INSTALL.txt").read_text(encoding="utf-8")
    return text.format(version=version, glibc=glibc, archive=archive, arch=arch_tag())


def prepare_linux(folder: Path, version: str, max_glibc: tuple[int, ...] | None) -> str:
    """Add menu entry, icon, install script and note; returns the glibc floor ("2.34")."""
    need, per_file = glibc_floor.floor(folder)
    floor_text = glibc_floor.dotted(need)
    worst = max(per_file.items(), key=lambda item: item[1], default=(folder, need))[0]
    print(f"release: glibc floor {floor_text} (set by {worst.relative_to(folder).as_posix()})")
    if max_glibc is not None and need > max_glibc:
        raise ReleaseError(f"the build needs glibc {floor_text}, newer than the allowed "
                           f"{glibc_floor.dotted(max_glibc)}: build on an older system")
    shutil.copy2(LINUX_FILES / "kartenstube.desktop", folder / "kartenstube.desktop")
    shutil.copy2(LINUX_FILES / "install.sh", folder / "install.sh")
    os.chmod(folder / "install.sh", 0o755)
    shutil.copy2(ROOT / "assets" / "icon" / "kartenstube.png", folder / "kartenstube.png")
    (folder / "INSTALL.txt").write_text(install_note(version, floor_text, archive_name(version)), encoding="utf-8")
    return floor_text


def sign_macos(app: Path) -> None:
    """Ad-hoc signature: Gatekeeper then offers "Open" (right-click) instead of "damaged"."""
    run(["codesign", "--force", "--deep", "--sign", "-", str(app)], "ad-hoc codesign")
    run(["codesign", "--verify", "--deep", "--strict", "--verbose=2", str(app)], "codesign --verify")


# ---------------------------------------------------------------- packing


def pack_tar(folder: Path, out: Path) -> Path:
    """``tar.gz`` of the folder under its own name, keeping modes and symlinks, owner root."""
    def clean(info: tarfile.TarInfo) -> tarfile.TarInfo:
        info.uid = info.gid = 0
        info.uname = info.gname = ""
        return info

    with tarfile.open(out, "w:gz", compresslevel=9) as tar:
        tar.add(folder, arcname=folder.name, filter=clean)
    return out


def pack_dmg(app: Path, out: Path, version: str) -> Path:
    """A compressed disk image holding the .app and a link to /Applications to drag it onto."""
    with tempfile.TemporaryDirectory() as tmp:
        stage = Path(tmp) / NAME
        stage.mkdir()
        run(["ditto", str(app), str(stage / app.name)], "copying the .app for the dmg")
        (stage / "Applications").symlink_to("/Applications")
        cmd = ["hdiutil", "create", "-volname", f"{NAME} {version}", "-srcfolder", str(stage),
               "-fs", "HFS+", "-format", "UDZO", "-ov", str(out)]
        for attempt in range(1, 4):  # hdiutil sometimes fails with "Resource busy" on CI machines
            try:
                run(cmd, "hdiutil create")
                break
            except ReleaseError:
                if attempt == 3:
                    raise
                time.sleep(5 * attempt)
    return out


def pack(version: str, dist: Path) -> Path:
    out = dist / archive_name(version)
    out.unlink(missing_ok=True)
    tag = os_tag()
    if tag == "macos":
        return pack_dmg(build.onedir_path(dist), out, version)
    if tag == "windows":
        made = build.zip_onedir(dist, version)  # keeps the folder name inside the zip
        return made if made == out else made.replace(out)
    return pack_tar(build.onedir_path(dist), out)


def unpack(archive: Path, into: Path) -> Path:
    """Unpack as a player would; returns the app's executable inside ``into``."""
    into.mkdir(parents=True, exist_ok=True)
    if archive.name.endswith(".tar.gz"):
        with tarfile.open(archive) as tar:
            if hasattr(tarfile, "tar_filter"):
                tar.extractall(into, filter="tar")  # keeps the executable bits, refuses paths outside
            else:  # Python before 3.11.4 (Debian 12's 3.11.2) has no filters: check paths by hand
                root = into.resolve()
                for member in tar.getmembers():
                    target = (into / member.name).resolve()
                    if target != root and root not in target.parents:
                        raise ValueError(f"{archive.name}: {member.name!r} would unpack outside {into}")
                    if member.issym() or member.islnk():
                        link = (target.parent / member.linkname).resolve()
                        if link != root and root not in link.parents:
                            raise ValueError(f"{archive.name}: link {member.name!r} points outside {into}")
                tar.extractall(into)  # noqa: S202 - every member checked above
        return into / NAME / NAME
    if archive.suffix == ".zip":
        with zipfile.ZipFile(archive) as zf:
            zf.extractall(into)
        return into / NAME / f"{NAME}.exe"
    if archive.suffix == ".dmg":
        mount = Path(tempfile.mkdtemp(prefix="kartenstube-dmg-"))
        run(["hdiutil", "attach", "-nobrowse", "-readonly", "-noautoopen", "-mountpoint", str(mount), str(archive)],
            "hdiutil attach")
        try:
            run(["ditto", str(mount / f"{NAME}.app"), str(into / f"{NAME}.app")], "copying the .app out of the dmg")
        finally:
            run(["hdiutil", "detach", str(mount)], "hdiutil detach")
        run(["codesign", "--verify", "--deep", "--strict", str(into / f"{NAME}.app")], "codesign --verify (dmg)")
        return into / f"{NAME}.app" / "Contents" / "MacOS" / NAME
    raise ReleaseError(f"do not know how to unpack {archive.name}")


# ---------------------------------------------------------------- smoke test


def empty_home_env(home: Path) -> dict[str, str]:
    """This environment with the user's folders moved into the empty ``home``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
    env.update(HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    if os_tag() == "windows":
        roaming, local = home / "AppData" / "Roaming", home / "AppData" / "Local"
        roaming.mkdir(parents=True, exist_ok=True)
        local.mkdir(parents=True, exist_ok=True)
        env.update(USERPROFILE=str(home), APPDATA=str(roaming), LOCALAPPDATA=str(local),
                   # platformdirs asks Windows itself, not the variables, unless these are set
                   WIN_PD_OVERRIDE_APPDATA=str(roaming), WIN_PD_OVERRIDE_LOCAL_APPDATA=str(local))
    return env


#: what the smoke run's log says when the executable carries the expert's compiled search
CORE_LINE = "exact search: compiled core, bundled with the app"


def smoke(exe: Path, home: Path, launcher: tuple[str, ...] = (), expect_core: bool = False) -> None:
    """Run ``exe --smoke 3`` from an empty folder with an empty home; check what it wrote where,
    and with ``expect_core`` that its log says the expert's compiled search is bundled.

    ``launcher`` goes before ``exe`` on the command line (tests run a script through Python)."""
    if not exe.is_file():
        raise ReleaseError(f"smoke test: {exe} is missing")
    home.mkdir(parents=True, exist_ok=True)
    cwd = home.parent / (home.name + "-cwd")
    cwd.mkdir(exist_ok=True)
    beside = sorted(p.name for p in exe.parent.iterdir())
    cmd = [*launcher, str(exe), "--smoke", str(SMOKE_DEALS)]
    print(f"release: smoke test {exe} --smoke {SMOKE_DEALS} (home {home})", flush=True)
    started = time.perf_counter()
    try:
        result = subprocess.run(cmd, cwd=cwd, env=empty_home_env(home), capture_output=True, text=True,
                                encoding="utf-8", errors="replace", timeout=SMOKE_TIMEOUT)
    except subprocess.TimeoutExpired:
        raise ReleaseError(f"smoke test: {exe.name} did not finish within {SMOKE_TIMEOUT} s") from None
    logs = sorted(home.rglob("kartenstube.log"))
    if result.returncode != 0:
        log_text = "".join(p.read_text(encoding="utf-8", errors="replace") for p in logs)
        raise ReleaseError(f"smoke test: {exe.name} exited with status {result.returncode}\n"
                           f"--- stdout\n{result.stdout}--- stderr\n{result.stderr}--- log\n{log_text}")
    if not logs:
        raise ReleaseError(f"smoke test: no kartenstube.log under the empty home {home}")
    if expect_core and not any(CORE_LINE in p.read_text(encoding="utf-8", errors="replace") for p in logs):
        raise ReleaseError(f"smoke test: the log does not say '{CORE_LINE}': the expert would play without "
                           "its compiled search")
    after = sorted(p.name for p in exe.parent.iterdir())
    if after != beside:
        raise ReleaseError(f"smoke test: the app wrote beside its executable: {sorted(set(after) - set(beside))}")
    print(f"release: smoke test passed in {time.perf_counter() - started:.1f} s; "
          f"log at {logs[0].relative_to(home).as_posix()} under the home", flush=True)


# ---------------------------------------------------------------- the command


def release(args: argparse.Namespace) -> Path:
    version = version_info.read_version(ROOT)
    if args.tag:
        check_tag(args.tag, version)
    dist: Path = args.dist.resolve()
    print(f"release: {NAME} {version} for {os_tag()}-{arch_tag()}", flush=True)
    stale = dist / archive_name(version)
    for old in (stale, stale.with_name(stale.name + ".sha256")):
        old.unlink(missing_ok=True)  # a failed run must not leave the previous archive looking current
    if not args.skip_build:
        if not build.have_pyinstaller():
            raise ReleaseError('PyInstaller is missing: python3 -m pip install -e ".[build]"')
        build.ensure_icon()
        started = time.perf_counter()
        build.run_pyinstaller(False, dist, args.work.resolve(), quiet=True)
        print(f"release: built {build.onedir_path(dist)} in {time.perf_counter() - started:.0f} s", flush=True)
    folder = build.onedir_path(dist)
    exe = build.onedir_executable(dist)
    if not exe.is_file():
        raise ReleaseError(f"no build at {folder}; run without --skip-build")
    if os_tag() == "linux":
        prepare_linux(folder, version, args.max_glibc)
    elif os_tag() == "macos":
        sign_macos(folder)
    with tempfile.TemporaryDirectory(prefix="kartenstube-release-") as tmp:
        smoke(exe, Path(tmp) / f"home {UNUSUAL_NAME}", expect_core=True)
    archive = pack(version, dist)
    checksum = write_checksum(archive)
    print(f"release: wrote {archive} ({build.size_mb(archive):.1f} MB) and {checksum.name}", flush=True)
    if not args.no_check:
        verify_checksum(checksum)
        with tempfile.TemporaryDirectory(prefix="kartenstube-download-") as tmp:
            unpacked = unpack(archive, Path(tmp) / f"Downloads {UNUSUAL_NAME}")
            app_folder = unpacked.parents[2] if os_tag() == "macos" else unpacked.parent
            print(f"release: checksum matches; unpacked {build.size_mb(app_folder):.1f} MB", flush=True)
            smoke(unpacked, Path(tmp) / f"home {UNUSUAL_NAME}", expect_core=True)
    return archive


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder (default: dist/)")
    p.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller", help="PyInstaller's work folder")
    p.add_argument("--skip-build", action="store_true", help="pack the build already in --dist")
    p.add_argument("--no-check", action="store_true", help="skip step 5 (unpacking and re-testing the archive)")
    p.add_argument("--tag", default=None, help="release tag (v<version>); fail unless it matches pyproject")
    p.add_argument("--name", action="store_true", help="print the archive's file name for this OS and stop")
    p.add_argument("--max-glibc", type=glibc_floor.parse_dotted, default=None, metavar="X.Y",
                   help="Linux: fail when the build needs a newer glibc")
    args = p.parse_args(argv)
    if args.name:
        print(archive_name(version_info.read_version(ROOT)))
        return 0
    try:
        release(args)
    except (ReleaseError, OSError, subprocess.SubprocessError) as e:
        print(f"release: FAIL: {e}", file=sys.stderr)
        return 1
    print("release: done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
