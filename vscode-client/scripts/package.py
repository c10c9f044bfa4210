"""Build the extension: bundle the server (scripts/bundle.py) and pack the .vsix with vsce.

    python scripts/package.py [--target TARGET | --universal] [--out FILE]

Default: a build for this machine's platform, with libcst's native module for every supported
CPython, into shardlint.vsix. --universal: one .vsix for every platform, whose quick fixes take
libcst from the selected interpreter. Image and link URLs in the packed README point into the
repository's vscode-client/ folder (vsce would otherwise root them at the repository)."""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
from pathlib import Path

import bundle

CLIENT = Path(__file__).resolve().parents[1]


def this_platform() -> str:
    arch = {"x86_64": "x64", "amd64": "x64", "aarch64": "arm64", "arm64": "arm64"}.get(platform.machine().lower())
    target = f"{'win32' if sys.platform == 'win32' else sys.platform}-{arch}"
    if target not in bundle.PLATFORMS:
        raise SystemExit(f"no platform build for {sys.platform} {platform.machine()}: use --universal")
    return target


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = ap.add_mutually_exclusive_group()
    group.add_argument("--target", choices=sorted(bundle.PLATFORMS))
    group.add_argument("--universal", action="store_true")
    ap.add_argument("--out", default="shardlint.vsix")
    args = ap.parse_args(argv)
    target = None if args.universal else (args.target or this_platform())
    bundle.main(["--target", target] if target else [])
    repo = json.loads((CLIENT / "package.json").read_text())["repository"]["url"].removesuffix(".git")
    vsce = CLIENT / "node_modules" / ".bin" / "vsce"
    cmd = [str(vsce), "package", "--no-dependencies", "--out", args.out,
           "--baseImagesUrl", f"{repo}/raw/HEAD/vscode-client/", "--baseContentUrl", f"{repo}/blob/HEAD/vscode-client/"]
    if target:
        cmd += ["--target", target]
    return subprocess.run(cmd, cwd=CLIENT).returncode


if __name__ == "__main__":
    sys.exit(main())
