"""Package benchmark: build both executables, print their sizes and launch-to-first-frame times.

    python benchmarks/package.py                 # builds, then 5 cold + 7 warm launches of each format
    python benchmarks/package.py --skip-build    # measure the last benchmark build again
    python benchmarks/package.py --runs 9

Both formats are built with ``build.py --probe`` into ``build/bench-dist``: the probe is a
PyInstaller runtime hook that, only when ``KARTENSTUBE_PROBE=first-frame`` is set, prints a
marker on stdout right after the app's first ``pygame.display.flip()`` and exits.  The time is
measured from ``Popen`` to reading that line, so it covers the bootloader, (one-file) unpacking,
Python start-up, imports, window creation and the first drawn menu.  The hook adds about 3 KB.

Cold: the first launch after the build, then launches after evicting every file of the bundle
from the page cache (``posix_fadvise(DONTNEED)``; system libraries and the one-file unpack
folder cannot be dropped without root and would hit other users).  Warm: repeated launches.
The window is a real X11 one when ``Xvfb`` is installed (started here on a free display), else
SDL's dummy driver.  Audio uses the dummy driver (CI machines have no sound card).

The last line is ``onefile_mb=… onedir_mb=… cold_first_frame_s=… warm_first_frame_s=…``; the
times there are the slower format's medians.  Targets: one-file <= 30 MB, one-folder <= 80 MB,
first frame <= 1.5 s cold.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build_scripts"))

import build  # noqa: E402  (build_scripts/build.py)

MARKER = "KARTENSTUBE_FIRST_FRAME"
DIST = ROOT / "build" / "bench-dist"
WORK = ROOT / "build" / "bench-work"


def evict(path: Path) -> int:
    """Ask the kernel to drop ``path``'s files from the page cache; returns how many were dropped."""
    if not hasattr(os, "posix_fadvise"):
        return 0
    files = [path] if path.is_file() else [p for p in path.rglob("*") if p.is_file() and not p.is_symlink()]
    for f in files:
        try:
            fd = os.open(f, os.O_RDONLY)
        except OSError:
            continue
        try:
            os.fsync(fd)  # dirty pages cannot be dropped
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        except OSError:
            pass
        finally:
            os.close(fd)
    return len(files)


def start_xvfb() -> tuple[subprocess.Popen[bytes] | None, str | None]:
    """An Xvfb server on a free display number, or (None, None) when Xvfb is not installed."""
    if sys.platform != "linux" or shutil.which("Xvfb") is None:
        return None, None
    for n in range(91, 120):
        if Path(f"/tmp/.X11-unix/X{n}").exists() or Path(f"/tmp/.X{n}-lock").exists():
            continue
        proc = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(50):
            if Path(f"/tmp/.X11-unix/X{n}").exists():
                return proc, f":{n}"
            if proc.poll() is not None:
                break
            time.sleep(0.1)
        proc.kill()
        proc.wait()
    return None, None


def launch(exe: Path, env: dict[str, str], timeout: float = 60.0) -> float:
    """Seconds from process start to the first-frame marker on its stdout."""
    t0 = time.perf_counter()
    proc = subprocess.Popen([str(exe)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, cwd=env["HOME"])
    assert proc.stdout is not None
    try:
        deadline = t0 + timeout
        for raw in proc.stdout:
            if raw.decode(errors="replace").strip() == MARKER:
                return time.perf_counter() - t0
            if time.perf_counter() > deadline:
                break
        raise RuntimeError(f"{exe} never reported its first frame (exit status {proc.poll()})")
    finally:
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def measure(name: str, exe: Path, bundle: Path, env: dict[str, str], runs: int) -> tuple[float, float]:
    """(median cold, median warm) seconds; prints every launch."""
    first = launch(exe, env)
    cold = [first]
    for _ in range(runs - 1):
        evict(bundle)
        cold.append(launch(exe, env))
    launch(exe, env)  # settle the cache before the warm series
    warm = [launch(exe, env) for _ in range(runs + 2)]
    print(f"{name}: first launch after build {first:.3f} s; cold {', '.join(f'{t:.3f}' for t in cold)}; "
          f"warm {', '.join(f'{t:.3f}' for t in warm)}")
    print(f"{name}: median cold {statistics.median(cold):.3f} s, median warm {statistics.median(warm):.3f} s")
    return statistics.median(cold), statistics.median(warm)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="Build both executables and time their first frame.")
    p.add_argument("--skip-build", action="store_true", help="reuse the previous benchmark build")
    p.add_argument("--runs", type=int, default=5, help="cold launches per format (warm: runs + 2)")
    args = p.parse_args(argv)

    if not build.have_pyinstaller():
        print('PyInstaller is missing: python3 -m pip install -e ".[build]"', file=sys.stderr)
        return 2
    if not args.skip_build:
        for onefile in (False, True):
            t0 = time.perf_counter()
            build.run_pyinstaller(onefile, DIST, WORK, probe=True, quiet=True)
            print(f"built {'one-file' if onefile else 'one-folder'} in {time.perf_counter() - t0:.0f} s")
    onedir_exe, onefile_exe = build.onedir_executable(DIST), build.onefile_executable(DIST)
    onedir_mb = build.size_mb(build.onedir_path(DIST))
    onefile_mb = build.size_mb(onefile_exe)
    print(f"one-folder: {build.onedir_path(DIST)} {onedir_mb:.1f} MB")
    print(f"one-file:   {onefile_exe} {onefile_mb:.1f} MB")

    xvfb, display = start_xvfb()
    scratch = Path(tempfile.mkdtemp(prefix="kartenstube-bench-"))
    env = dict(os.environ, KARTENSTUBE_PROBE="first-frame", SDL_AUDIODRIVER="dummy", HOME=str(scratch),
               XDG_CONFIG_HOME=str(scratch / "config"), XDG_DATA_HOME=str(scratch / "data"),
               XDG_STATE_HOME=str(scratch / "state"), PYGAME_HIDE_SUPPORT_PROMPT="1")
    if display:
        env.update(DISPLAY=display, SDL_VIDEODRIVER="x11")
    else:
        env["SDL_VIDEODRIVER"] = "dummy"
    print(f"video: {'Xvfb ' + display if display else 'SDL dummy driver'}")
    try:
        cold_d, warm_d = measure("one-folder", onedir_exe, build.onedir_path(DIST), env, args.runs)
        cold_f, warm_f = measure("one-file", onefile_exe, onefile_exe, env, args.runs)
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait()
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"onefile_mb={onefile_mb:.1f} onedir_mb={onedir_mb:.1f} "
          f"cold_first_frame_s={max(cold_d, cold_f):.2f} warm_first_frame_s={max(warm_d, warm_f):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
