"""Fast checks of the PyInstaller configuration, without running PyInstaller.

The spec is executed with stand-ins for PyInstaller's Analysis/PYZ/EXE/COLLECT/BUNDLE that record
their arguments, so these tests need neither PyInstaller nor a build (the real build is proven by
build_scripts/release.py and build_scripts/check_linux_download.sh in .ci/run).  They check what
the bundle leaves out (tests, build tools, Babel, fontTools), that it takes the assets tree and
every module imported by name, that the version comes from pyproject.toml, and the contents of
the macOS Info.plist and the Windows version resource the spec produces.
"""

from __future__ import annotations

import ast
import importlib.util
import pkgutil
import plistlib
import struct
import sys
import tomllib
import types
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import load_script

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "build_scripts" / "kartenstube.spec"


def _load(name: str) -> types.ModuleType:
    return load_script(f"build_scripts/{name}.py", name)


def _walk(package: str) -> list[str]:
    """What collect_submodules would list, found on disk without importing anything."""
    path = ROOT.joinpath(*package.split("."))
    return [package] + [m.name for m in pkgutil.walk_packages([str(path)], prefix=package + ".")]


class _Recorder:
    def __init__(self, log: dict[str, Any], kind: str) -> None:
        self.log, self.kind = log, kind

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.log.setdefault(self.kind, []).append((args, kwargs))
        return types.SimpleNamespace(kind=self.kind, args=args, kwargs=kwargs, pure=[], scripts=[],
                                     binaries=[], datas=kwargs.get("datas", []))


def run_spec(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, platform: str, *spec_args: str,
             core_fails: bool = False) -> dict[str, Any]:
    """Execute the spec as PyInstaller would (``pyinstaller spec -- ARGS``) on ``platform``."""
    log: dict[str, Any] = {}
    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_submodules = _walk  # type: ignore[attr-defined]
    for name in ("PyInstaller", "PyInstaller.utils"):
        monkeypatch.setitem(sys.modules, name, sys.modules.get(name) or types.ModuleType(name))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.hooks", hooks)
    # the expert's core: compiled by build_scripts/build_core.py in a real build (tested in
    # tests/ai/test_schnapsen_exact.py); here a stand-in records where the spec asks for it
    core = types.ModuleType("build_core")

    class CoreBuildError(RuntimeError):
        pass

    def build(out: Path) -> Path:
        if log.get("core_fails"):
            raise CoreBuildError("build_core: no C compiler found (stand-in)")
        out.mkdir(parents=True, exist_ok=True)
        lib = out / ("kartenstube_core.dll" if platform == "win32" else "kartenstube_core.so")
        lib.write_bytes(b"stand-in")
        log["core"] = lib
        return lib

    core.CoreBuildError = CoreBuildError  # type: ignore[attr-defined]
    core.build = build  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "build_core", core)
    log["core_fails"] = core_fails
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(sys, "argv", ["pyinstaller", *spec_args])
    monkeypatch.setattr(sys, "path", list(sys.path))
    glb: dict[str, Any] = {"__name__": "__main__", "__file__": str(SPEC), "SPECPATH": str(SPEC.parent),
                           "workpath": str(tmp_path), "distpath": str(tmp_path / "dist")}
    for kind in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE"):
        glb[kind] = _Recorder(log, kind)
    exec(compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec"), glb)
    log["globals"] = glb
    return log


@pytest.fixture()
def linux(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    return run_spec(tmp_path, monkeypatch, "linux")


def _analysis(log: dict[str, Any]) -> dict[str, Any]:
    (args, kwargs), = log["Analysis"]
    return {"scripts": args[0], **kwargs}


def test_spec_excludes_tests_and_build_tools(linux: dict[str, Any]) -> None:
    excludes = set(_analysis(linux)["excludes"])
    for name in ("tests", "pytest", "hypothesis", "mypy", "ruff", "babel", "fontTools", "tkinter",
                 "unittest", "pydoc", "numpy", "setuptools", "pkg_resources", "PyInstaller", "build_scripts"):
        assert name in excludes, name
    # What the app (and its spawn worker) needs must never be excluded.
    for name in ("multiprocessing", "concurrent", "concurrent.futures", "pygame", "platformdirs",
                 "sqlite3", "gettext", "hashlib", "json", "logging", "game", "ai"):
        assert name not in excludes, name


def test_spec_bundles_the_experts_compiled_search_beside_the_ai_package(linux: dict[str, Any]) -> None:
    """ai.schnapsen_exact looks for the core beside its own module: the spec puts it in ``ai``."""
    assert _analysis(linux)["binaries"] == [(str(linux["core"]), "ai")]
    assert linux["core"].name == "kartenstube_core.so"


def test_spec_stops_with_one_line_when_the_core_cannot_be_built(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(SystemExit, match="^build_core: no C compiler found"):
        run_spec(tmp_path, monkeypatch, "linux", core_fails=True)


def test_spec_bundles_the_assets_tree(linux: dict[str, Any]) -> None:
    datas = _analysis(linux)["datas"]
    assert (str(ROOT / "assets"), "assets") in datas
    for sub in ("fonts", "sounds", "locale", "rules", "icon"):
        assert (ROOT / "assets" / sub).is_dir(), sub


def test_spec_lists_every_module_imported_by_name(linux: dict[str, Any]) -> None:
    hidden = set(_analysis(linux)["hiddenimports"])
    from ai import base as ai_base
    from game.rules import registry
    from game.ui import scenes

    named = [info.module for info in registry.GAMES.values()]
    named += list(ai_base._GAME_MODULES.values())
    named += list(scenes.TABLE_HELPERS.values())
    for module in named:
        if importlib.util.find_spec(module) is not None:  # a game still being written is skipped
            assert module in hidden, module
    assert "main.py" in _analysis(linux)["scripts"][0]
    assert not any(m.startswith("tests") for m in hidden)


def test_linux_onedir_and_onefile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, linux: dict[str, Any]) -> None:
    (_, exe), = linux["EXE"]
    assert exe["name"] == "Kartenstube" and exe["console"] is True and exe["exclude_binaries"] is True
    assert exe["upx"] is False
    assert len(linux["COLLECT"]) == 1 and "BUNDLE" not in linux
    assert not _analysis(linux)["runtime_hooks"]  # the benchmark probe only with --probe
    onefile = run_spec(tmp_path, monkeypatch, "linux", "--onefile")
    assert "COLLECT" not in onefile and len(onefile["EXE"]) == 1
    probe = run_spec(tmp_path, monkeypatch, "linux", "--probe")
    assert [Path(h).name for h in _analysis(probe)["runtime_hooks"]] == ["rthook_probe.py"]


def test_windows_is_windowed_with_icon_and_version_resource(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log = run_spec(tmp_path, monkeypatch, "win32")
    (_, exe), = log["EXE"]
    assert exe["console"] is False
    assert exe["icon"].endswith("kartenstube.ico") and Path(exe["icon"]).is_file()
    text = Path(exe["version"]).read_text(encoding="utf-8")
    assert f"StringStruct('ProductVersion', '{_pyproject_version()}')" in text


def test_macos_bundle_has_identifier_and_version(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log = run_spec(tmp_path, monkeypatch, "darwin")
    (_, exe), = log["EXE"]
    assert exe["console"] is False and exe["strip"] is False
    (_, bundle), = log["BUNDLE"]
    assert bundle["name"] == "Kartenstube.app"
    assert bundle["bundle_identifier"] == "org.kartenstube.Kartenstube"
    assert bundle["version"] == _pyproject_version()
    assert bundle["info_plist"]["CFBundleShortVersionString"] == _pyproject_version()
    assert bundle["icon"].endswith(".icns")
    assert "BUNDLE" not in run_spec(tmp_path, monkeypatch, "darwin", "--onefile")


def test_macos_info_plist_contents(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The keys the spec hands to BUNDLE, written out as the plist file macOS reads."""
    log = run_spec(tmp_path, monkeypatch, "darwin")
    (_, bundle), = log["BUNDLE"]
    plist = plistlib.loads(plistlib.dumps(bundle["info_plist"]))  # must serialise as a real plist
    version = _pyproject_version()
    assert plist["CFBundleName"] == plist["CFBundleDisplayName"] == "Kartenstube"
    assert plist["CFBundleIdentifier"] == bundle["bundle_identifier"] == "org.kartenstube.Kartenstube"
    assert plist["CFBundleShortVersionString"] == plist["CFBundleVersion"] == version
    assert plist["NSHighResolutionCapable"] is True
    major, minor = (int(p) for p in plist["LSMinimumSystemVersion"].split("."))
    assert (11, 0) <= (major, minor) <= (14, 0)  # Apple silicon needs 11; no newer than the build runner
    assert plist["LSApplicationCategoryType"] == "public.app-category.card-games"
    icns = Path(bundle["icon"])
    assert icns.suffix == ".icns" and icns.read_bytes()[:4] == b"icns"


class _Node:
    """Stand-in for PyInstaller's versioninfo classes: keeps the constructor's arguments."""

    def __init__(self, kind: str, *args: Any, **kwargs: Any) -> None:
        self.kind, self.args, self.kwargs = kind, args, kwargs


def _version_resource(text: str) -> _Node:
    names = ("VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable", "StringStruct",
             "VarFileInfo", "VarStruct")
    namespace = {n: (lambda *a, _n=n, **k: _Node(_n, *a, **k)) for n in names}
    return eval(compile(text, "version_info.txt", "eval"), {"__builtins__": {}}, namespace)


def test_windows_version_resource_contents(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The resource text the spec writes for EXE(version=...), evaluated as PyInstaller does."""
    log = run_spec(tmp_path, monkeypatch, "win32")
    (_, exe), = log["EXE"]
    root = _version_resource(Path(exe["version"]).read_text(encoding="utf-8"))
    assert root.kind == "VSVersionInfo"
    fixed = root.kwargs["ffi"]
    numbers = tuple(int(p) for p in _pyproject_version().split(".")[:3])
    assert fixed.kwargs["filevers"][:len(numbers)] == numbers and fixed.kwargs["prodvers"] == fixed.kwargs["filevers"]
    assert len(fixed.kwargs["filevers"]) == 4 and fixed.kwargs["fileType"] == 0x1  # an application
    string_info, var_info = root.kwargs["kids"]
    (table,) = string_info.args[0]
    assert table.args[0] == "040904B0"  # US English, Unicode
    strings = {s.args[0]: s.args[1] for s in table.args[1]}
    assert strings["ProductName"] == strings["InternalName"] == "Kartenstube"
    assert strings["FileVersion"] == strings["ProductVersion"] == _pyproject_version()
    assert strings["OriginalFilename"] == "Kartenstube.exe"
    assert strings["FileDescription"] and strings["LegalCopyright"] and strings["CompanyName"]
    assert var_info.args[0][0].args == ("Translation", [1033, 1200])


def _pyproject_version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return str(tomllib.load(f)["project"]["version"])


def test_version_comes_from_pyproject() -> None:
    vi = _load("version_info")
    assert vi.read_version() == _pyproject_version()
    assert vi.version_tuple("1.2.3") == (1, 2, 3, 0)
    assert vi.version_tuple("0.4") == (0, 4, 0, 0)
    assert vi.version_tuple("2.0.1rc1+local.7") == (2, 0, 1, 0)
    text = vi.render("1.2.3")
    ast.parse(text, mode="exec")  # PyInstaller evaluates it as a Python expression
    assert "filevers=(1, 2, 3, 0)" in text and "StringStruct('FileVersion', '1.2.3')" in text


def test_build_extra_pins_pyinstaller() -> None:
    with open(ROOT / "pyproject.toml", "rb") as f:
        extras = tomllib.load(f)["project"]["optional-dependencies"]
    assert any(req.replace(" ", "").lower().startswith("pyinstaller==") for req in extras["build"])


def test_build_script_explains_missing_pyinstaller(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    build = _load("build")
    monkeypatch.setattr(build, "have_pyinstaller", lambda: False)
    assert build.main([]) == 2
    assert 'python3 -m pip install -e ".[build]"' in capsys.readouterr().err
    tag = build.platform_tag()
    assert tag.count("-") == 1 and tag.split("-")[0] in ("linux", "windows", "macos", "freebsd")
    assert tag.split("-")[1] in ("x64", "arm64")  # the names the downloads and README use


def test_icon_files_are_valid() -> None:
    icon = ROOT / "assets" / "icon"
    ico = (icon / "kartenstube.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind) == (0, 1) and count >= 5
    sizes = {ico[6 + 16 * i] or 256 for i in range(count)}
    assert {16, 32, 48, 256} <= sizes
    icns = (icon / "kartenstube.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    assert (icon / "kartenstube.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_ico_writer_layout() -> None:
    mk = _load("make_icon")
    pngs = {n: bytes([n % 256]) * n for n in mk.ICO_SIZES}
    data = mk.ico_bytes(pngs)
    count = struct.unpack("<H", data[4:6])[0]
    assert count == len(mk.ICO_SIZES)
    for i, n in enumerate(mk.ICO_SIZES):
        _, _, _, _, _, _, size, offset = struct.unpack("<BBBBHHII", data[6 + 16 * i: 22 + 16 * i])
        assert data[offset: offset + size] == pngs[n]


def test_frozen_app_finds_assets_in_the_bundle_and_keeps_user_files_out_of_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """As a PyInstaller bundle sees it: sys.frozen, sys.executable in the app folder, sys._MEIPASS."""
    from game import resources

    app = tmp_path / "Kartenstube"
    (app / "_internal" / "assets" / "sounds").mkdir(parents=True)
    (app / "_internal" / "assets" / "sounds" / "card.wav").write_bytes(b"RIFF")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(app / "Kartenstube"))
    monkeypatch.setattr(sys, "_MEIPASS", str(app / "_internal"), raising=False)
    for var, sub in (("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"), ("XDG_STATE_HOME", "state")):
        monkeypatch.setenv(var, str(tmp_path / "home" / sub))

    assert resources.resource_path("assets", "sounds", "card.wav") == app / "_internal" / "assets" / "sounds" / "card.wav"
    assert resources.app_dir() == app
    for folder in (resources.config_dir(), resources.data_dir(), resources.state_dir()):
        assert app not in folder.parents, folder
    assert sorted(p.name for p in app.iterdir()) == ["_internal"]  # nothing written beside the executable

    (app / "portable.txt").write_text("", encoding="utf-8")
    for folder in (resources.config_dir(), resources.data_dir(), resources.state_dir()):
        assert folder.parent == app / "userdata", folder
