"""`shardlint` command line: check | server | lower | rules | explain."""

from __future__ import annotations

import argparse
import gc
import os
import sys
from dataclasses import replace
from pathlib import Path

from shardlint.analysis import config as cfgmod
from shardlint.analysis.check import check, listed_once, plan
from shardlint.analysis.diagnostics import Diagnostic, Fix, Severity
from shardlint.analysis.source import DecodeError, decode

from . import output
from .progress import Progress

STDIN = "-"


def _columns() -> int:
    """The terminal's width as `shutil.get_terminal_size` reads it ($COLUMNS, else stdout's
    terminal, else 80)."""
    try:
        columns = int(os.environ.get("COLUMNS", 0))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns if columns > 0 else 80


class _Formatter(argparse.HelpFormatter):
    """argparse's help layout, sized without importing shutil: building the parser makes a
    formatter for every argument, and that import is a good part of a warm `shardlint check`."""

    def __init__(self, prog, indent_increment=2, max_help_position=24, width=None):
        super().__init__(prog, indent_increment, max_help_position, _columns() - 2 if width is None else width)


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message):  # usage errors exit 2 with a one-line reason
        sys.stderr.write(f"shardlint: error: {message}\n")
        sys.exit(2)


class _Version(argparse.Action):
    """`--version`, read from the installed metadata only when asked for."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS,
                 help="show program's version number and exit"):
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        sys.stdout.write(f"shardlint {output.version()}\n")
        parser.exit()


class UsageError(Exception):
    """A combination of arguments that cannot work; exits 2 with the message."""


def _codes(s: str) -> list[str]:
    return [c.strip().upper() for c in s.split(",") if c.strip()]


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="shardlint", description="Find JAX multi-device code that will not lower.")
    p.add_argument("--version", action=_Version)
    sub = p.add_subparsers(dest="command", parser_class=_Parser)

    c = sub.add_parser("check", help="check files or folders (default: .)")
    c.add_argument("paths", nargs="*", default=["."],
                   help="files or folders; `-` reads one file from standard input")
    c.add_argument("--format", choices=output.FORMATS, default="text")
    c.add_argument("--fix", action="store_true", help="apply safe fixes")
    c.add_argument("--unsafe-fixes", action="store_true", help="also apply unsafe fixes (with --fix or alone)")
    c.add_argument("--diff", action="store_true",
                   help="print the diff of what --fix (or --unsafe-fixes) would change; write nothing")
    c.add_argument("--jax-version")
    c.add_argument("--flax-version", help="the Flax the code runs with (default: the one installed)")
    c.add_argument("--backend", choices=cfgmod.BACKENDS)
    c.add_argument("--select", type=_codes)
    c.add_argument("--ignore", type=_codes)
    c.add_argument("--no-cache", action="store_true")
    c.add_argument("--config", type=Path, help="use this config file for every path")
    c.add_argument("--python", help="interpreter whose environment jedi uses")
    c.add_argument("--color", choices=("auto", "always", "never"), default="auto")
    c.add_argument("--exit-zero", action="store_true", help="exit 0 even when problems are reported")
    c.add_argument("--fail-on", choices=[s.value for s in Severity], default="warning",
                   help="the least severity that makes the exit status 1 (default: warning)")
    c.add_argument("-o", "--output-file", type=Path, help="write the report to this file")
    c.add_argument("--statistics", action="store_true", help="print the number of problems per rule")
    c.add_argument("--stdin-filename", help="the path of the file read from `-` (its project and config)")
    c.add_argument("--force-exclude", action="store_true",
                   help="apply exclude and .gitignore to files named on the command line too")

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
    e = sub.add_parser("explain", help="explain one rule (by code or name)")
    e.add_argument("code")
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command is None:
        build_parser().print_help()
        return 2
    try:
        if args.command == "check":
            with listed_once():
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
            from shardlint.analysis.rules import ALL_RULES

            for r in ALL_RULES.values():
                print(f"{r.code}  {r.name:<40} {r.severity.value:<8} {r.summary}")
            return 0
        if args.command == "explain":
            return _explain(args.code)
    except cfgmod.ConfigError as e:
        sys.stderr.write(f"shardlint: configuration error: {e}\n")
        return 2
    except UsageError as e:
        sys.stderr.write(f"shardlint: error: {e}\n")
        return 2
    except KeyboardInterrupt:
        return 130
    return 2


def _explain(what: str) -> int:
    from shardlint.analysis.rules import ALL_RULES

    r = ALL_RULES.get(what.upper()) or next((r for r in ALL_RULES.values() if r.name == what.lower()), None)
    if r is None:
        sys.stderr.write(f"shardlint: error: unknown rule code or name {what!r}\n")
        return 2
    print(f"{r.code} {r.name} (default severity: {r.severity.value})\n")
    print(r.summary + "\n")
    print("What JAX does: " + r.jax_error + "\n")
    print("How to fix: " + r.fix)
    return 0


def _color(args) -> bool:
    """--color, else NO_COLOR, else FORCE_COLOR, else whether stdout is a terminal."""
    if args.color != "auto":
        return args.color == "always"
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return args.output_file is None and sys.stdout.isatty() and os.environ.get("TERM") != "dumb"


def _configurer(args):
    """configure(path) -> (config, project root or None), each config file loaded once: the
    nearest config of the path (or --config's, for every path) with the command-line flags."""
    explicit = cfgmod.load(Path("."), args.config) if args.config else None
    python = os.path.abspath(args.python) if args.python else None  # a flag's path: from here
    cache: dict = {}

    def configure(path: Path) -> tuple[cfgmod.Config, Path | None]:
        found = cfgmod.find_config(path)
        root = found.parent if found else cfgmod.repository_root(path)
        key = (found, root)
        if key not in cache:
            if explicit is not None:
                cfg = replace(explicit, root=root) if root else explicit
            elif found is not None:
                cfg = cfgmod.load_file(found)
            else:
                cfg = cfgmod.load(root or path)
            cfg = cfgmod.with_overrides(cfg, force=True, jax_version=args.jax_version,
                                        flax_version=args.flax_version, backend=args.backend,
                                        select=args.select, ignore=args.ignore, python=python)
            problem = cfgmod.interpreter_error(cfg)
            if problem:
                raise cfgmod.ConfigError(problem)
            cache[key] = (cfg, root)
        return cache[key]

    return configure


def _stdin(args) -> tuple[str, dict[Path, str]]:
    """The path that stands for standard input and the overlay that gives it its text."""
    if len(args.paths) > 1:
        raise UsageError("`-` (standard input) cannot be combined with other paths")
    if args.fix or args.unsafe_fixes or args.diff:
        raise UsageError("--fix, --unsafe-fixes and --diff rewrite files: they do not apply to standard input")
    try:
        text = decode(sys.stdin.buffer.read())
    except DecodeError as e:
        raise UsageError(f"standard input: {e}") from None
    name = args.stdin_filename or "stdin.py"
    return name, {Path(name).resolve(): text}


def _check(args) -> int:
    progress = Progress(sys.stderr)
    if args.statistics and args.format in ("sarif", "github"):
        raise UsageError(f"--statistics prints a table: use it with --format text or json, not {args.format}")
    overlays = None
    paths = list(args.paths)
    if STDIN in paths:
        name, overlays = _stdin(args)
        paths = [name]
    elif args.stdin_filename:
        raise UsageError("--stdin-filename names the file read from `-`: pass `-` as the path")
    for p in paths:
        if overlays is None and not Path(p).exists():
            raise UsageError(f"path not found: {p}")
    groups = plan(paths, _configurer(args))
    unsafe = args.unsafe_fixes
    options = {"force_exclude": args.force_exclude, "split_projects": True}
    notes: list[str] = []
    if args.diff:
        return _diff(groups, args, options)
    if args.fix or args.unsafe_fixes:
        from shardlint.analysis.fixes import apply_fixes

        applied, changed = 0, 0
        for g in groups:
            fixed = apply_fixes(g.paths, g.config, unsafe=unsafe, project=g.project, **options)
            applied += fixed.applied
            changed += len(fixed.files)
        if applied:
            notes.append(f"Fixed {applied} problem{'s' if applied != 1 else ''} "
                         f"in {changed} file{'s' if changed != 1 else ''}.")
    diags: list[Diagnostic] = []
    fixes: dict[int, Fix] = {}
    programs: dict[str, notebook.Program] = {}
    checked = 0
    for g in groups:
        result = check(g.paths, g.config, use_cache=not args.no_cache, overlays=overlays,
                       project=g.project, progress=progress, **options)
        checked += result.files
        notes.extend(f"{p}: skipped: {why}" for p, why in result.skipped)
        diags.extend(result.diagnostics)
        programs.update(result.programs)
        if args.format != "github":
            fixes.update(_fixes(result.diagnostics, g.config, result.shown, overlays))
    diags.sort(key=Diagnostic.sort_key)
    if args.statistics:
        text = output.statistics(diags, args.format, fixes, unsafe)
    else:
        text = output.render(diags, args.format, color=_color(args), notes=notes if args.format == "text" else (),
                             fixes=fixes, unsafe=unsafe, base=_sarif_base(groups), programs=programs)
    _emit(text, args)
    if args.format != "text" or args.statistics:
        sys.stderr.write("".join(n + "\n" for n in notes))
    progress.finish(checked)
    fail = Severity(args.fail_on).rank
    return 1 if not args.exit_zero and any(d.severity.rank <= fail for d in diags) else 0


def _emit(text: str, args) -> None:
    if args.output_file is None:
        sys.stdout.write(text)
        return
    try:
        args.output_file.write_text(text, encoding="utf-8")
    except OSError as e:
        raise UsageError(f"cannot write {args.output_file}: {e.strerror or e}") from None


def _sarif_base(groups) -> Path:
    """Where SARIF's relative URIs start: the repository root (what GitHub code scanning
    resolves them against), else the one project's root, else the current folder."""
    here = cfgmod.repository_root(Path.cwd())
    if here is not None:
        return here
    roots = {g.project for g in groups if g.project is not None}
    return roots.pop() if len(roots) == 1 else Path.cwd()


def _reader(overlays: dict[Path, str] | None):
    """`read(path)`: the text the fix builder works on (a notebook's program)."""
    from shardlint.analysis import notebook

    def read(path: str) -> str:
        full = Path(path).resolve()
        if overlays and full in overlays:
            return notebook.program_text(full, overlays[full])
        if notebook.is_notebook(full):
            return notebook.load_for_fix(full)[0]
        return decode(full.read_bytes())

    return read


def _fixes(diags: list[Diagnostic], config, shown: dict[str, str], overlays) -> dict[int, Fix]:
    """The fix `--fix` (or `--unsafe-fixes`) applies to each diagnostic that has one: the first
    that is no suppression, safe ones first; errors only, as there (a program that lowers is
    never rewritten), unless the diagnostic carries its own fix."""
    if not any(d.severity == Severity.ERROR or d.fix is not None for d in diags):
        return {}
    from shardlint.analysis import notebook
    from shardlint.analysis.fixes import fixes_for, is_suppression

    read = _reader(overlays)
    out = {}
    for d in diags:
        if d.severity != Severity.ERROR and d.fix is None:
            continue
        try:
            found = [f for f in fixes_for(d, read, config) if not is_suppression(f)]
        except (OSError, DecodeError, notebook.NotebookError):
            continue
        fix = next((f for f in found if f.applicability == "safe"), None) or next(iter(found), None)
        if fix is not None:
            out[id(d)] = replace(fix, edits=tuple(replace(e, path=_shown(e.path, shown)) for e in fix.edits))
    return out


def _shown(path: str, shown: dict[str, str]) -> str:
    full = str(Path(path).resolve())
    return shown.get(full) or shown.get(path) or path


def _diff(groups, args, options) -> int:
    """--diff: the unified diff of what --fix (--unsafe-fixes) would write; exit 1 if any."""
    import difflib

    from shardlint.analysis.fixes import apply_fixes

    chunks, applied, files = [], 0, 0
    for g in groups:
        fixed = apply_fixes(g.paths, g.config, unsafe=args.unsafe_fixes, write=False, project=g.project, **options)
        applied += fixed.applied
        for path in fixed.files:
            name = os.path.relpath(path)
            for label, old, new in _changes(path, fixed.texts[path], name):
                chunks.extend(difflib.unified_diff(old.splitlines(keepends=True), new.splitlines(keepends=True),
                                                   fromfile=f"a/{label}", tofile=f"b/{label}"))
            files += 1
    _emit("".join(c if c.endswith("\n") else c + "\n\\ No newline at end of file\n" for c in chunks), args)
    if applied:
        sys.stderr.write(f"Would fix {applied} problem{'s' if applied != 1 else ''} "
                         f"in {files} file{'s' if files != 1 else ''}.\n")
    else:
        sys.stderr.write("No fixes to apply.\n")
    return 1 if files else 0


def _changes(path: str, fixed: str, name: str) -> list[tuple[str, str, str]]:
    """(label, old text, new text) of what a fix changes in a file: for a notebook, each cell
    it changes (`train.ipynb:cell 3`), as Ruff shows them."""
    from shardlint.analysis import notebook

    if not notebook.is_notebook(path):
        return [(name, decode(Path(path).read_bytes()), fixed)]
    _, nb = notebook.load_for_fix(path)
    return [(f"{name}:cell {i + 1}", nb.cells[i].source, new) for i, new in sorted(nb.program.rewrite(fixed).items())]


def run() -> None:
    """The `shardlint` command: `main` without the cyclic collector (the run builds millions of
    long-lived objects that it would re-walk again and again, most of the time on a big project,
    and nothing is worth collecting), then exit without tearing the heap down (freeing, and
    collecting, everything a check built would cost a noticeable part of the run). `main` itself
    leaves the collector alone: a caller in the same process keeps it."""
    gc.disable()
    code = main()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except OSError:  # a closed pipe (`| head`): what was written is what the reader wanted
        pass
    os._exit(code)


if __name__ == "__main__":
    run()
