"""The release command's pieces, without PyInstaller: names, version, checksums, packing, the smoke
check, the glibc floor reader, the Linux extras, and the Windows DPI-awareness call.

The real build, pack and smoke run is done by ``python3 build_scripts/release.py`` (in ``.ci/run``
and in the GitHub workflow); these tests pin down what it decides and checks.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import io
import os
import struct
import subprocess
import sys
import tarfile
import textwrap
import tomllib
import types
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _load(name: str) -> types.ModuleType:
    sys.path.insert(0, str(ROOT / "build_scripts"))  # release.py imports its siblings
    try:
        spec = importlib.util.spec_from_file_location(f"_rel_{name}", ROOT / "build_scripts" / f"{name}.py")
        assert spec is not None and spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        return mod
    finally:
        sys.path.remove(str(ROOT / "build_scripts"))


@pytest.fixture(scope="module")
def release() -> types.ModuleType:
    return _load("release")


@pytest.fixture(scope="module")
def gf(release: types.ModuleType) -> types.ModuleType:
    return release.glibc_floor  # type: ignore[no-any-return]


def _version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return str(tomllib.load(f)["project"]["version"])


# ---------------------------------------------------------------- names and version


def test_archive_names_per_os_and_arch(release: types.ModuleType) -> None:
    assert release.archive_name("1.2.3", "linux", "x86_64") == "Kartenstube-1.2.3-linux-x64.tar.gz"
    assert release.archive_name("1.2.3", "win32", "AMD64") == "Kartenstube-1.2.3-windows-x64.zip"
    assert release.archive_name("1.2.3", "darwin", "arm64") == "Kartenstube-1.2.3-macos-arm64.dmg"
    assert release.archive_name("1.2.3", "darwin", "x86_64") == "Kartenstube-1.2.3-macos-x64.dmg"
    assert release.archive_name("1.2.3", "linux", "aarch64") == "Kartenstube-1.2.3-linux-arm64.tar.gz"
    assert release.archive_name("0.1", "freebsd14", "amd64") == "Kartenstube-0.1-freebsd-x64.tar.gz"


def test_the_version_comes_from_pyproject_only(release: types.ModuleType, tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, str(ROOT / "build_scripts" / "release.py"), "--name"],
                         capture_output=True, text=True, check=True, cwd=tmp_path)
    name = out.stdout.strip()
    assert name == release.archive_name(_version())
    assert name.startswith(f"Kartenstube-{_version()}-")
    # Another pyproject gives another version: nothing else holds one.
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\nversion = "9.8.7"\n', encoding="utf-8")
    assert release.version_info.read_version(tmp_path) == "9.8.7"


def test_release_tag_must_name_the_version(release: types.ModuleType) -> None:
    release.check_tag("v1.4.0", "1.4.0")
    release.check_tag("refs/tags/v1.4.0", "1.4.0")
    for bad in ("1.4.0", "v1.4.1", "v1.4", "refs/tags/v1.4.0-rc1"):
        with pytest.raises(release.ReleaseError, match="does not match"):
            release.check_tag(bad, "1.4.0")


def test_a_wrong_tag_fails_before_building(release: types.ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert release.main(["--tag", "v0.0.0-not-this", "--dist", "/nonexistent"]) == 1
    assert "release: FAIL: tag" in capsys.readouterr().err


# ---------------------------------------------------------------- checksums and packing


def test_checksum_file_is_sha256sum_format_and_catches_changes(release: types.ModuleType, tmp_path: Path) -> None:
    archive = tmp_path / "Kartenstube-1.0-linux-x64.tar.gz"
    archive.write_bytes(b"not really a tarball \x00\xff" * 1000)
    checksum = release.write_checksum(archive)
    assert checksum.name == archive.name + ".sha256"
    assert checksum.read_bytes() == f"{hashlib.sha256(archive.read_bytes()).hexdigest()}  {archive.name}\n".encode()
    assert release.verify_checksum(checksum) == archive
    archive.write_bytes(archive.read_bytes()[:-1] + b"!")
    with pytest.raises(release.ReleaseError, match="checksum mismatch"):
        release.verify_checksum(checksum)
    archive.unlink()
    with pytest.raises(release.ReleaseError, match="missing"):
        release.verify_checksum(checksum)


def test_tar_keeps_the_folder_executable_bit_and_symlinks(release: types.ModuleType, tmp_path: Path) -> None:
    app = tmp_path / "dist" / "Kartenstube"
    (app / "_internal").mkdir(parents=True)
    (app / "Kartenstube").write_bytes(b"\x7fELF fake")
    os.chmod(app / "Kartenstube", 0o755)
    (app / "_internal" / "libx.so.1").write_bytes(b"lib")
    out = release.pack_tar(app, tmp_path / "k.tar.gz")
    with tarfile.open(out) as tar:
        members = {m.name: m for m in tar.getmembers()}
    assert set(members) == {"Kartenstube", "Kartenstube/Kartenstube", "Kartenstube/_internal",
                            "Kartenstube/_internal/libx.so.1"}
    if os.name == "posix":  # Windows files carry no executable bit to keep
        assert members["Kartenstube/Kartenstube"].mode & 0o111 == 0o111
    assert all(m.uid == 0 and m.uname == "" for m in members.values())
    exe = release.unpack(out, tmp_path / "Downloads Jürgen")
    assert exe == tmp_path / "Downloads Jürgen" / "Kartenstube" / "Kartenstube"
    assert exe.read_bytes() == b"\x7fELF fake"
    if os.name == "posix":
        assert os.access(exe, os.X_OK)


# ---------------------------------------------------------------- smoke check


def _fake_app(folder: Path, body: str) -> Path:
    """A stand-in executable: a Python script run through the launcher argument."""
    folder.mkdir(parents=True)
    exe = folder / "fake_app.py"
    exe.write_text(textwrap.dedent(body), encoding="utf-8")
    return exe


WRITES_LOG = """
    import os, sys
    from pathlib import Path
    assert sys.argv[1:] == ["--smoke", "3"], sys.argv
    assert os.environ["SDL_VIDEODRIVER"] == "dummy" and not any(k.startswith("XDG_") for k in os.environ)
    state = Path(os.environ["HOME"]) / ".local" / "state" / "Kartenstube"
    state.mkdir(parents=True)
    (state / "kartenstube.log").write_text("ok", encoding="utf-8")
"""


def test_smoke_passes_with_log_under_the_empty_home(release: types.ModuleType, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "must-not-be-used"))
    exe = _fake_app(tmp_path / "app", WRITES_LOG)
    home = tmp_path / "home Jürgen Größe"
    release.smoke(exe, home, launcher=(sys.executable,))
    assert (home / ".local" / "state" / "Kartenstube" / "kartenstube.log").is_file()
    assert not (tmp_path / "must-not-be-used").exists()


@pytest.mark.parametrize(("body", "message"), [
    ("import sys; print('boom'); sys.exit(3)", "exited with status 3"),
    ("pass", "no kartenstube.log"),
    (WRITES_LOG + "\n    (Path(sys.argv[0]).parent / 'settings.json').write_text('{}')\n", "wrote beside"),
])
def test_smoke_fails_loudly(release: types.ModuleType, tmp_path: Path, body: str, message: str) -> None:
    exe = _fake_app(tmp_path / "app", body)
    with pytest.raises(release.ReleaseError, match=message):
        release.smoke(exe, tmp_path / "home", launcher=(sys.executable,))


def test_windows_smoke_env_moves_appdata_into_the_home(release: types.ModuleType, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    env = release.empty_home_env(tmp_path / "Jürgen")
    local = tmp_path / "Jürgen" / "AppData" / "Local"
    assert env["WIN_PD_OVERRIDE_LOCAL_APPDATA"] == env["LOCALAPPDATA"] == str(local) and local.is_dir()
    assert env["USERPROFILE"] == env["HOME"] == str(tmp_path / "Jürgen")
    # The override variable is the one platformdirs (as the frozen app uses it) honours on Windows,
    # where it would otherwise ask Windows itself for the folder.
    from platformdirs import windows

    monkeypatch.setenv("WIN_PD_OVERRIDE_LOCAL_APPDATA", "C:\\Users\\Jürgen\\AppData\\Local")
    assert windows.get_win_folder("CSIDL_LOCAL_APPDATA") == "C:\\Users\\Jürgen\\AppData\\Local"


# ---------------------------------------------------------------- glibc floor


def _elf_with_needs(needs: dict[str, list[str]]) -> bytes:
    """A minimal little-endian ELF64 with a .gnu.version_r section and its string table."""
    strtab = bytearray(b"\0")

    def s(text: str) -> int:
        strtab.extend(text.encode() + b"\0")
        return len(strtab) - len(text) - 1

    verneed = bytearray()
    libs = list(needs.items())
    for i, (lib, versions) in enumerate(libs):
        entry_size = 16 + 16 * len(versions)
        nxt = entry_size if i + 1 < len(libs) else 0
        verneed += struct.pack("<HHIII", 1, len(versions), s(lib), 16, nxt)
        for j, v in enumerate(versions):
            verneed += struct.pack("<IHHII", 0, 0, 2 + j, s(v), 16 if j + 1 < len(versions) else 0)
    header = 64
    strtab_off = header
    verneed_off = strtab_off + len(strtab)
    shoff = verneed_off + len(verneed)
    ident = b"\x7fELF" + bytes([2, 1, 1]) + bytes(9)
    elf = ident + struct.pack("<HHIQQQIHHHHHH", 3, 62, 1, 0, 0, shoff, 0, 64, 0, 0, 64, 3, 0)
    sections = struct.pack("<IIQQQQIIQQ", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    sections += struct.pack("<IIQQQQIIQQ", 0, 3, 0, 0, strtab_off, len(strtab), 0, 0, 1, 0)
    sections += struct.pack("<IIQQQQIIQQ", 0, 0x6FFFFFFE, 0, 0, verneed_off, len(verneed), 1, len(libs), 4, 0)
    return elf + bytes(strtab) + bytes(verneed) + sections


def test_glibc_floor_reads_version_needs(gf: types.ModuleType, tmp_path: Path) -> None:
    data = _elf_with_needs({"libc.so.6": ["GLIBC_2.2.5", "GLIBC_2.34", "GLIBC_PRIVATE"],
                            "libm.so.6": ["GLIBC_2.29"], "libgcc_s.so.1": ["GCC_3.0"]})
    needs = gf.version_needs(data)
    assert gf.Need("libc.so.6", "GLIBC_2.34") in needs and gf.Need("libgcc_s.so.1", "GCC_3.0") in needs
    assert len(needs) == 5
    app = tmp_path / "Kartenstube"
    (app / "_internal").mkdir(parents=True)
    (app / "Kartenstube").write_bytes(_elf_with_needs({"libc.so.6": ["GLIBC_2.17"]}))
    (app / "_internal" / "libpython.so").write_bytes(data)
    (app / "_internal" / "assets.txt").write_text("not ELF")
    need, per_file = gf.floor(app)
    assert need == (2, 34) and gf.dotted(need) == "2.34"
    assert per_file == {app / "Kartenstube": (2, 17), app / "_internal" / "libpython.so": (2, 34)}
    assert gf.main([str(app), "--max", "2.35"]) == 0
    assert gf.main([str(app), "--max", "2.31"]) == 1
    with pytest.raises(ValueError, match="not an ELF"):
        gf.version_needs(b"MZ\x90\x00")
    with pytest.raises(ValueError, match="malformed"):
        gf.version_needs(data[:80])


def test_linux_extras_state_the_floor_and_enforce_the_maximum(release: types.ModuleType, gf: types.ModuleType,
                                                              tmp_path: Path) -> None:
    app = tmp_path / "Kartenstube"
    app.mkdir()
    (app / "Kartenstube").write_bytes(_elf_with_needs({"libc.so.6": ["GLIBC_2.2.5", "GLIBC_2.28"]}))
    assert release.prepare_linux(app, "3.2.1", gf.parse_dotted("2.35")) == "2.28"
    note = (app / "INSTALL.txt").read_text(encoding="utf-8")
    assert "Kartenstube 3.2.1 for Linux" in note and "Needs glibc 2.28 or newer" in note
    assert f"sha256sum -c {release.archive_name('3.2.1')}.sha256" in note and "{" not in note
    desktop = (app / "kartenstube.desktop").read_text(encoding="utf-8")
    assert desktop.startswith("[Desktop Entry]\n") and "\nIcon=kartenstube\n" in desktop
    assert "\nCategories=Game;CardGame;\n" in desktop and "\nTerminal=false\n" in desktop
    assert (app / "kartenstube.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (app / "install.sh").read_text(encoding="utf-8").startswith("#!/bin/sh")
    with pytest.raises(release.ReleaseError, match="needs glibc 2.28, newer than the allowed 2.27"):
        release.prepare_linux(app, "3.2.1", gf.parse_dotted("2.27"))


# ---------------------------------------------------------------- Windows DPI awareness


class _FakeDll:
    def __init__(self, calls: list[tuple[str, Any]], results: dict[str, Any]) -> None:
        self._calls, self._results = calls, results

    def __getattr__(self, name: str) -> Any:
        result = self._results.get(name, AttributeError)
        if result is AttributeError:
            raise AttributeError(name)  # what ctypes raises for a function the DLL lacks

        def call(*args: Any) -> Any:
            self._calls.append((name, args))
            if isinstance(result, Exception):
                raise result
            return result
        return call


def _fake_windll(monkeypatch: pytest.MonkeyPatch, user32: dict[str, Any], shcore: dict[str, Any] | None
                 ) -> list[tuple[str, Any]]:
    import ctypes

    calls: list[tuple[str, Any]] = []

    class WinDLL:
        user32 = _FakeDll(calls, {})
        shcore = _FakeDll(calls, {})

    WinDLL.user32 = _FakeDll(calls, user32)
    if shcore is None:  # Windows 7 has no shcore.dll: loading it fails
        def missing(self: object) -> Any:
            raise OSError("shcore.dll not found")
        WinDLL.shcore = property(missing)  # type: ignore[assignment]
    else:
        WinDLL.shcore = _FakeDll(calls, shcore)
    monkeypatch.setattr(ctypes, "windll", WinDLL(), raising=False)
    monkeypatch.setattr(sys, "platform", "win32")
    return calls


def test_dpi_awareness_is_a_no_op_off_windows(monkeypatch: pytest.MonkeyPatch) -> None:
    from game import platform_setup

    for name in ("linux", "darwin"):
        calls = _fake_windll(monkeypatch, {"SetProcessDpiAwarenessContext": 1}, {})
        monkeypatch.setattr(sys, "platform", name)
        assert platform_setup.enable_dpi_awareness() is None
        assert calls == []


def test_dpi_awareness_on_windows_asks_for_per_monitor_v2(monkeypatch: pytest.MonkeyPatch) -> None:
    import ctypes

    from game import platform_setup

    calls = _fake_windll(monkeypatch, {"SetProcessDpiAwarenessContext": 1, "SetProcessDPIAware": 1}, {})
    assert platform_setup.enable_dpi_awareness() == "SetProcessDpiAwarenessContext"
    (name, (arg,)), = calls
    assert name == "SetProcessDpiAwarenessContext" and isinstance(arg, ctypes.c_void_p)
    assert arg.value == ctypes.c_void_p(-4).value  # DPI_AWARENESS_CONTEXT_PER_MONITOR_AWARE_V2


def test_dpi_awareness_falls_back_on_older_windows(monkeypatch: pytest.MonkeyPatch) -> None:
    from game import platform_setup

    # Windows 8.1: no SetProcessDpiAwarenessContext; shcore says "already set" (E_ACCESSDENIED) = done.
    calls = _fake_windll(monkeypatch, {"SetProcessDPIAware": 1}, {"SetProcessDpiAwareness": -2147024891})
    assert platform_setup.enable_dpi_awareness() == "SetProcessDpiAwareness"
    assert calls == [("SetProcessDpiAwareness", (2,))]
    # Windows 7: no shcore.dll at all, only the system-wide call.
    calls = _fake_windll(monkeypatch, {"SetProcessDPIAware": 1}, None)
    assert platform_setup.enable_dpi_awareness() == "SetProcessDPIAware"
    assert calls == [("SetProcessDPIAware", ())]
    # Every call refused: nothing raised, None returned.
    calls = _fake_windll(monkeypatch, {"SetProcessDpiAwarenessContext": 0, "SetProcessDPIAware": 0},
                         {"SetProcessDpiAwareness": OSError("refused")})
    assert platform_setup.enable_dpi_awareness() is None
    assert [c[0] for c in calls] == ["SetProcessDpiAwarenessContext", "SetProcessDpiAwareness", "SetProcessDPIAware"]


def test_main_sets_dpi_awareness_before_the_app_starts() -> None:
    """In main.py's __main__ block: after freeze_support (workers never get there), before main()."""
    tree = ast.parse((ROOT / "main.py").read_text(encoding="utf-8"))
    block = next(n for n in tree.body if isinstance(n, ast.If) and "__main__" in ast.unparse(n.test))
    calls = [ast.unparse(n.value.func) for n in block.body
             if isinstance(n, ast.Expr) and isinstance(n.value, ast.Call)]
    assert calls[:3] == ["multiprocessing.freeze_support", "enable_dpi_awareness", "sys.exit"]
    assert "game.platform_setup" in ast.unparse(block)
    module = ast.parse((ROOT / "game" / "platform_setup.py").read_text(encoding="utf-8"))
    imported = {a.name for n in ast.walk(module) if isinstance(n, ast.Import) for a in n.names}
    imported |= {n.module or "" for n in ast.walk(module) if isinstance(n, ast.ImportFrom)}
    assert "ctypes" in imported and not any(m.startswith("pygame") for m in imported)


def test_unpack_checks_paths_itself_on_a_python_without_tar_filters(release: types.ModuleType, tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Debian 12's Python 3.11.2 has no ``filter=`` for extractall: the archive is unpacked all the
    same, and a member that would land outside the folder is refused."""
    monkeypatch.delattr(tarfile, "tar_filter", raising=False)
    app = tmp_path / "dist" / "Kartenstube"
    app.mkdir(parents=True)
    (app / "Kartenstube").write_bytes(b"\x7fELF fake")
    good = release.pack_tar(app, tmp_path / "good.tar.gz")
    assert release.unpack(good, tmp_path / "a").read_bytes() == b"\x7fELF fake"
    bad = tmp_path / "bad.tar.gz"
    with tarfile.open(bad, "w:gz") as tar:
        info = tarfile.TarInfo("../outside.txt")
        info.size = 3
        tar.addfile(info, io.BytesIO(b"bad"))
    with pytest.raises(ValueError, match="outside"):
        release.unpack(bad, tmp_path / "b")
    assert not (tmp_path / "outside.txt").exists()


def test_smoke_requires_the_bundled_core_when_asked(release: types.ModuleType, tmp_path: Path) -> None:
    """The release's smoke runs insist on the log line that the expert's compiled search is
    bundled; a log without it (an executable built without the core) fails the release."""
    exe = _fake_app(tmp_path / "app", WRITES_LOG)
    with pytest.raises(release.ReleaseError, match="compiled core, bundled"):
        release.smoke(exe, tmp_path / "home", launcher=(sys.executable,), expect_core=True)
    says = WRITES_LOG.replace('write_text("ok"', f'write_text("x INFO kartenstube: {release.CORE_LINE}"')
    exe2 = _fake_app(tmp_path / "app2", says)
    release.smoke(exe2, tmp_path / "home2", launcher=(sys.executable,), expect_core=True)
