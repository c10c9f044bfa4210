"""`shardlint` command line: check | server | lower | rules | explain."""

from __future__ import annotations

import argparse
import gc
import os
import sys
from pathlib import Path

from shardlint.analysis import config as cfgmod
from shardlint.analysis.check import check
from shardlint.analysis.rules import ALL_RULES

from . import output
from .progress import Progress


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # usage errors exit 2 with a one-line reason
        sys.stderr.write(f"shardlint: error: {message}\n")
        sys.exit(2)


def _codes(s: str) -> list[str]:
    return [c.strip().upper() for c in s.split(",") if c.strip()]


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="shardlint", description="Find JAX multi-device code that will not lower.")
    p.add_argument("--version", action="version", version=f"shardlint {output.VERSION}")
    sub = p.add_subparsers(dest="command", parser_class=_Parser)

    c = sub.add_parser("check", help="check files or folders (default: .)")
    c.add_argument("paths", nargs="*", default=["."])
    c.add_argument("--format", choices=output.FORMATS, default="text")
    c.add_argument("--fix", action="store_true", help="apply safe fixes")
    c.add_argument("--unsafe-fixes", action="store_true", help="also apply unsafe fixes (with --fix or alone)")
    c.add_argument("--jax-version")
    c.add_argument("--backend", choices=cfgmod.BACKENDS)
    c.add_argument("--select", type=_codes)
    c.add_argument("--ignore", type=_codes)
    c.add_argument("--no-cache", action="store_true")
    c.add_argument("--config", type=Path)
    c.add_argument("--python", help="interpreter whose environment jedi uses")
    c.add_argument("--color", choices=("auto", "always", "never"), default="auto")

    s = sub.add_parser("server", help="run the language server (stdio by default)")
    s.add_argument("--tcp", action="store_true")
    s.add_argument("--host", default="127.0.0.1")
    s.add_argument("--port", type=int, default=2087)

    lo = sub.add_parser("lower", help="lower the configured targets with JAX")
    lo.add_argument("path", nargs="?", default=".")
    lo.add_argument("--format", choices=output.FORMATS, default="text")
    lo.add_argument("--config", type=Path)
    lo.add_argument("--backend", choices=cfgmod.LOWERING_BACKENDS)
    lo.add_argument("--python")
    lo.add_argument("--timeout", type=float)

    sub.add_parser("rules", help="list the rules")
    e = sub.add_parser("explain", help="explain one rule")
    e.add_argument("code")
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command is None:
        build_parser().print_help()
        return 2
    try:
        if args.command == "check":
            return _check(args)
        if args.command == "lower":
            from shardlint.analysis.lowering.runner import cli_lower

            low = cli_lower(args)
            sys.stdout.write(output.render(low.diagnostics, args.format,
                                           notes=low.notes if args.format == "text" else ()))
            if args.format != "text":
                sys.stderr.write("".join(n + "\n" for n in low.notes))
            return low.exit_code
        if args.command == "server":
            from .lsp import serve

            serve(tcp=args.tcp, host=args.host, port=args.port)
            return 0
        if args.command == "rules":
            for r in ALL_RULES.values():
                print(f"{r.code}  {r.name:<40} {r.severity.value:<8} {r.summary}")
            return 0
        if args.command == "explain":
            r = ALL_RULES.get(args.code.upper())
            if r is None:
                sys.stderr.write(f"shardlint: error: unknown rule code {args.code!r}\n")
                return 2
            print(f"{r.code} {r.name} (default severity: {r.severity.value})\n")
            print(r.summary + "\n")
            print("What JAX does: " + r.jax_error + "\n")
            print("How to fix: " + r.fix)
            return 0
    except cfgmod.ConfigError as e:
        sys.stderr.write(f"shardlint: configuration error: {e}\n")
        return 2
    except KeyboardInterrupt:
        return 130
    return 2


def _check(args) -> int:
    # The run builds millions of long-lived objects: the cyclic collector would re-walk them
    # again and again (most of the run's time on a big project), and nothing is worth it here.
    gc.disable()
    progress = Progress(sys.stderr)
    paths = [Path(p) for p in args.paths]
    for p in paths:
        if not p.exists():
            sys.stderr.write(f"shardlint: error: path not found: {p}\n")
            return 2
    cfg = cfgmod.load(paths[0], args.config)
    cfg = cfgmod.with_overrides(
        cfg, force=True, jax_version=args.jax_version, backend=args.backend, select=args.select,
        ignore=args.ignore, python=args.python,
    )
    result = check(args.paths, cfg, use_cache=not args.no_cache, progress=progress)
    notes = [f"{p}: skipped: {why}" for p, why in result.skipped]
    diags = result.diagnostics
    if args.fix or args.unsafe_fixes:
        from shardlint.analysis.fixes import apply_fixes

        fixed = apply_fixes(args.paths, cfg, unsafe=args.unsafe_fixes)
        if fixed.applied:
            notes.append(f"Fixed {fixed.applied} problem{'s' if fixed.applied != 1 else ''} "
                         f"in {len(fixed.files)} file{'s' if len(fixed.files) != 1 else ''}.")
            result = check(args.paths, cfg, use_cache=False)
            diags = result.diagnostics
    color = args.color == "always" or (args.color == "auto" and sys.stdout.isatty() and not os.environ.get("NO_COLOR"))
    sys.stdout.write(output.render(diags, args.format, color=color, notes=notes if args.format == "text" else ()))
    for n in notes:
        if args.format != "text":
            sys.stderr.write(n + "\n")
    progress.finish(result.files)
    return 1 if diags else 0


def run() -> None:
    """The `shardlint` command: `main`, then exit without tearing the heap down (freeing, and
    collecting, everything a check built would cost a noticeable part of the run)."""
    code = main()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except OSError:  # a closed pipe (`| head`): what was written is what the reader wanted
        pass
    os._exit(code)


if __name__ == "__main__":
    run()
