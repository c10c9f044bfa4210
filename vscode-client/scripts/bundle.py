"""Fill vscode-client/bundled/libs with what the extension runs the server from: the shardlint
wheel built from this repository, its pure-Python dependencies (bundled/requirements.txt), and,
for a platform build, libcst's native module for every CPython the extension supports.

    python scripts/bundle.py [--target linux-x64|linux-arm64|darwin-x64|darwin-arm64|win32-x64] [--out DIR]

Without --target the bundle is platform-independent: no libcst, which the server then takes from
the selected interpreter if it has it (quick fixes need it; diagnostics do not). libcst's wheels
for one version differ only in their compiled module (`libcst/native.<abi tag>.so`), so a platform
bundle holds libcst's Python files once and one compiled module per CPython."""

from __future__ import annotations

import argparse
import hashlib
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

CLIENT = Path(__file__).resolve().parents[1]
REPO = CLIENT.parent
BUNDLED = CLIENT / "bundled"
REQUIREMENTS = CLIENT / "bundled" / "requirements.txt"
LIBCST = "libcst==1.9.0"
PYTHONS = ("3.10", "3.11", "3.12", "3.13", "3.14")
PLATFORMS = {  # vsce target -> pip platform tags, most specific first
    "linux-x64": ("manylinux_2_28_x86_64", "manylinux_2_17_x86_64"),
    "linux-arm64": ("manylinux_2_28_aarch64", "manylinux_2_17_aarch64"),
    "darwin-x64": ("macosx_10_13_x86_64",),
    "darwin-arm64": ("macosx_11_0_arm64",),
    "win32-x64": ("win_amd64",),
}


def pip(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "pip", "--disable-pip-version-check", *args], check=True)


def copy_source(dest: Path) -> Path:
    """What the wheel is built from (the package-dir folders of pyproject.toml and the files it
    names), copied: a build in the repository itself writes `build/` there, which another build
    running at the same time (a second target) would find half deleted."""
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10: shardlint's own dependency there
        import tomli as tomllib

    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for folder in sorted(set(project["tool"]["setuptools"]["package-dir"].values())):
        shutil.copytree(REPO / folder, dest / folder, ignore=ignore)
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        if (REPO / name).is_file():
            shutil.copy2(REPO / name, dest / name)
    return dest


def prune(libs: Path) -> None:
    """Drop what never runs: byte code, console scripts, libcst's own test suites, and jedi's
    typeshed stubs of third-party packages (4,300 files: requests, six, …; jedi reads the installed
    packages themselves without them, and the files would make the .vsix slow to pack and install)."""
    drop = [libs / "bin", libs / "libcst" / "tests", libs / "libcst" / "codemod" / "tests",
            libs / "jedi" / "third_party" / "typeshed" / "stubs"]
    for p in list(libs.rglob("__pycache__")) + drop:
        shutil.rmtree(p, ignore_errors=True)


def add_libcst(libs: Path, target: str, scratch: Path) -> list[str]:
    platforms = [a for tag in PLATFORMS[target] for a in ("--platform", tag)]
    wheels = []
    for version in PYTHONS:
        dest = scratch / version
        pip("download", "-q", "--no-deps", "--only-binary", ":all:", "--implementation", "cp",
            "--python-version", version, *platforms, "-d", str(dest), LIBCST)
        wheels.append(next(dest.glob("libcst-*.whl")))
    pure: dict[str, str] | None = None
    natives = []
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as z:
            names = [n for n in z.namelist() if n.startswith("libcst/") and not n.startswith("libcst/tests/")]
            native = [n for n in names if n.startswith("libcst/native.")]
            digests = {n: hashlib.sha256(z.read(n)).hexdigest() for n in names if n not in native}
            if pure is None:
                pure = digests
                z.extractall(libs, [n for n in names if n not in native])
            elif digests != pure:
                raise SystemExit(f"{wheel.name}: its Python files differ from {wheels[0].name}; cannot share them")
            z.extractall(libs, native)
            natives += native
    return natives


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--target", choices=sorted(PLATFORMS), help="platform build (adds libcst)")
    ap.add_argument("--out", type=Path, default=BUNDLED,
                    help="the bundled/ folder to fill (elsewhere: with a copy of its tool/launch.py)")
    args = ap.parse_args(argv)
    out = args.out.resolve()
    if out != BUNDLED:
        shutil.copytree(BUNDLED / "tool", out / "tool", dirs_exist_ok=True)
    libs = out / "libs"
    shutil.rmtree(libs, ignore_errors=True)
    libs.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as tmp:
        scratch = Path(tmp)
        pip("wheel", "-q", "--no-deps", "-w", str(scratch / "wheel"), str(copy_source(scratch / "src")))
        wheel = next((scratch / "wheel").glob("shardlint-*.whl"))
        # Pure wheels only (tomli, for one, also ships compiled ones for each CPython).
        pip("install", "-q", "--no-deps", "--no-compile", "--only-binary", ":all:", "--implementation", "py",
            "--platform", "any", "--python-version", PYTHONS[0], "--target", str(libs), str(wheel),
            "-r", str(REQUIREMENTS))
        natives = add_libcst(libs, args.target, scratch / "libcst") if args.target else []
    prune(libs)
    size = sum(p.stat().st_size for p in libs.rglob("*") if p.is_file())
    print(f"bundled {wheel.name} and its dependencies into {libs} "
          f"({size / 2**20:.1f} MiB; libcst: {', '.join(Path(n).name for n in natives) or 'from the interpreter'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
