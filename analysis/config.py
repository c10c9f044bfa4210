"""`[tool.shardlint]` configuration: parsing, validation (a bad key or value names itself) and
merging with CLI flags and editor settings (which fill in only what pyproject leaves unset)."""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass, field, fields, replace
from pathlib import Path

from .diagnostics import Severity

BACKENDS = ("gpu", "tpu", "cpu")
LOWERING_BACKENDS = ("tpu", "gpu", "cuda", "cpu")
# Looked for in every folder from a file upwards, in this order: the first that configures
# shardlint wins (a pyproject.toml only with a [tool.shardlint] table).
CONFIG_NAMES = (".shardlint.toml", "shardlint.toml", "pyproject.toml")
DEFAULT_INCLUDE = ("*.py", "*.ipynb")


class ConfigError(Exception):
    """A configuration key or value is invalid; the message names the key."""


@dataclass(frozen=True)
class Target:
    function: str  # module:qualname
    args: str | None  # module:attr
    line: int = 0  # line of the `function =` entry in pyproject.toml, for diagnostics


@dataclass(frozen=True)
class LoweringConfig:
    enabled: bool = True
    backend: str = "tpu"
    python: str | None = None
    host_devices: int = 8
    timeout: float = 120.0
    launcher: tuple[str, ...] = ()
    compile: bool = False
    targets: tuple[Target, ...] = ()
    backend_set: bool = False  # `backend` given explicitly (it then also drives SHL007)


@dataclass(frozen=True)
class Config:
    root: Path = Path(".")
    config_file: Path | None = None
    jax_version: str | None = None
    flax_version: str | None = None  # else the one installed beside the target JAX
    backend: str | None = None
    python: str | None = None
    select: tuple[str, ...] = ("SHL",)
    ignore: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    # Which files a folder's walk checks (gitignore-style patterns): Python files and notebooks.
    include: tuple[str, ...] = DEFAULT_INCLUDE
    # (gitignore-style pattern, codes or prefixes): those codes are off in the matching files.
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    respect_gitignore: bool = True
    severity: dict = field(default_factory=dict)  # code -> Severity | "off"
    lowering: LoweringConfig = field(default_factory=LoweringConfig)
    # Which keys were set explicitly (by pyproject); editor settings fill in the rest.
    explicit: frozenset = frozenset()

    def enabled(self, code: str) -> bool:
        if self.severity.get(code) == "off":
            return False
        sel = _longest_match(code, self.select)
        ign = _longest_match(code, self.ignore)
        if sel is None:
            return False
        return ign is None or len(sel) > len(ign)

    def enabled_in(self, code: str, path: str | Path) -> bool:
        """`enabled(code)`, and not turned off for `path` by `per-file-ignores`."""
        if not self.enabled(code):
            return False
        if not self.per_file_ignores:
            return True
        rel = _relative(Path(path), Path(self.root))
        for pattern, codes in self.per_file_ignores:
            negated = pattern.startswith("!")
            hit = _spec(pattern[1:] if negated else pattern).match_file(rel)
            if hit != negated and _longest_match(code, codes) is not None:
                return False
        return True

    @property
    def run_backend(self) -> str | None:
        """The backend the code will run on: `backend`, else the configured lowering backend."""
        if self.backend:
            return self.backend
        return self.lowering.backend if self.lowering.backend_set else None

    def severity_of(self, code: str, default: Severity) -> Severity:
        sev = self.severity.get(code)
        return sev if isinstance(sev, Severity) else default

    def fingerprint(self) -> str:
        return repr(
            (self.jax_version, self.flax_version, self.backend, self.select, self.ignore, self.exclude, self.include,
             self.per_file_ignores, self.respect_gitignore,
             sorted((k, str(v)) for k, v in self.severity.items()),
             tuple(t.function for t in self.lowering.targets))
        )


def _relative(path: Path, root: Path) -> str:
    """`path` relative to `root` in posix form (as given when it lies outside)."""
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.as_posix()


_SPECS: dict = {}


def _spec(*patterns: str):
    """A gitignore (gitwildmatch) matcher for `patterns` (a `pathspec.GitIgnoreSpec`), built
    once. pathspec is imported here: most runs configure no pattern, and importing it is a
    tenth of a run that finds its results stored."""
    key = "\n".join(patterns)
    spec = _SPECS.get(key)
    if spec is None:
        import pathspec

        spec = _SPECS[key] = pathspec.GitIgnoreSpec.from_lines(patterns)
    return spec


def exclude_spec(config: Config):
    """The matcher of `exclude` (gitignore patterns relative to the config's folder)."""
    return _spec(*config.exclude) if config.exclude else None


def include_spec(config: Config):
    """The matcher of `include` (gitignore patterns relative to the config's folder)."""
    return _spec(*config.include)


def _longest_match(code: str, prefixes) -> str | None:
    best = None
    for p in prefixes:
        if code.startswith(p) and (best is None or len(p) > len(best)):
            best = p
    return best


_TOP_KEYS = {"jax-version", "flax-version", "backend", "python", "select", "ignore", "exclude", "include", "extend-include", "severity",
             "lowering", "extend-select", "extend-ignore", "per-file-ignores", "respect-gitignore"}
_LOWERING_KEYS = {"enabled", "backend", "python", "host-devices", "timeout", "launcher", "compile",
                  "targets"}


def _codes(key: str, value) -> tuple[str, ...]:
    from .rules import ALL_RULES  # the rule table is read only to check a configured code

    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"`{key}` must be a list of rule codes or prefixes, got {value!r}")
    for v in value:
        if not v.startswith("SHL") or not any(c.startswith(v) for c in ALL_RULES):
            raise ConfigError(f"`{key}`: unknown rule code or prefix {v!r}")
    return tuple(value)


def _version(key: str, value) -> str:
    if not isinstance(value, str) or not all(p.isdigit() for p in value.split(".")) or not (
        2 <= len(value.split(".")) <= 3
    ):
        raise ConfigError(f"`{key}` must be a version like \"0.10.2\", got {value!r}")
    return value


def parse_table(table: dict, root: Path, config_file: Path | None,
                lines: list[tuple[int, str]] | None = None) -> Config:
    """Validate a `[tool.shardlint]` table. `lines`: (line, value) of every `function = "..."`
    of the file, in order (see `_function_lines`)."""
    if not isinstance(table, dict):
        raise ConfigError("`tool.shardlint` must be a table")
    for key in table:
        if key not in _TOP_KEYS:
            raise ConfigError(f"unknown key `tool.shardlint.{key}`")
    kw: dict = {}
    if "jax-version" in table:
        kw["jax_version"] = _version("tool.shardlint.jax-version", table["jax-version"])
    if "flax-version" in table:
        kw["flax_version"] = _version("tool.shardlint.flax-version", table["flax-version"])
    if "backend" in table:
        b = table["backend"]
        if b not in BACKENDS:
            raise ConfigError(f"`tool.shardlint.backend` must be one of {', '.join(BACKENDS)}, got {b!r}")
        kw["backend"] = b
    if "python" in table:
        if not isinstance(table["python"], str):
            raise ConfigError("`tool.shardlint.python` must be a path string")
        kw["python"] = table["python"]
    if "select" in table:
        kw["select"] = _codes("tool.shardlint.select", table["select"])
    if "extend-select" in table:
        kw["select"] = kw.get("select", Config.select) + _codes(
            "tool.shardlint.extend-select", table["extend-select"])
    if "ignore" in table:
        kw["ignore"] = _codes("tool.shardlint.ignore", table["ignore"])
    if "extend-ignore" in table:
        kw["ignore"] = kw.get("ignore", ()) + _codes("tool.shardlint.extend-ignore", table["extend-ignore"])
    if "exclude" in table:
        ex = table["exclude"]
        if not isinstance(ex, list) or not all(isinstance(e, str) for e in ex):
            raise ConfigError("`tool.shardlint.exclude` must be a list of path patterns")
        kw["exclude"] = tuple(_patterns("tool.shardlint.exclude", ex))
    for key in ("include", "extend-include"):
        if key in table:
            inc = table[key]
            if not isinstance(inc, list) or not all(isinstance(e, str) for e in inc):
                raise ConfigError(f"`tool.shardlint.{key}` must be a list of path patterns")
            base = kw.get("include", DEFAULT_INCLUDE) if key == "extend-include" else ()
            kw["include"] = base + tuple(_patterns(f"tool.shardlint.{key}", inc))
    if "per-file-ignores" in table:
        kw["per_file_ignores"] = parse_per_file_ignores(table["per-file-ignores"], "tool.shardlint.per-file-ignores")
    if "respect-gitignore" in table:
        if not isinstance(table["respect-gitignore"], bool):
            raise ConfigError("`tool.shardlint.respect-gitignore` must be true or false")
        kw["respect_gitignore"] = table["respect-gitignore"]
    if "severity" in table:
        kw["severity"] = parse_severity(table["severity"], "tool.shardlint.severity")
    if "lowering" in table:
        kw["lowering"] = parse_lowering(table["lowering"], lines or [])
    explicit = {k.replace("-", "_") for k in table}
    # extend-select / extend-ignore extend the pyproject's own list: an editor's select must not
    # replace that combination.
    explicit |= {k[len("extend_"):] for k in explicit if k.startswith("extend_")}
    return Config(root=root, config_file=config_file, explicit=frozenset(explicit), **kw)


def _patterns(key: str, patterns: list[str]) -> list[str]:
    """Gitignore patterns, each checked on its own so that a bad one names itself."""
    for pat in patterns:
        try:
            _spec(pat)
        except (ValueError, TypeError) as e:
            raise ConfigError(f"`{key}`: invalid pattern {pat!r}: {e}") from None
    return patterns


def parse_per_file_ignores(table, key: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    if not isinstance(table, dict):
        raise ConfigError(f"`{key}` must be a table of \"glob\" = [\"CODE\", ...]")
    out = []
    for pattern, codes in table.items():
        _patterns(key, [pattern[1:] if pattern.startswith("!") else pattern])
        out.append((pattern, _codes(f"{key}.{pattern!r}", codes)))
    return tuple(out)


def parse_severity(sev, key: str) -> dict:
    from .rules import ALL_RULES

    if not isinstance(sev, dict):
        raise ConfigError(f"`{key}` must be a table of CODE = \"error|warning|information|hint|off\"")
    out = {}
    for code, value in sev.items():
        if code not in ALL_RULES:
            raise ConfigError(f"`{key}.{code}`: unknown rule code")
        if value == "off":
            out[code] = "off"
            continue
        try:
            out[code] = Severity(value)
        except ValueError:
            raise ConfigError(
                f"`{key}.{code}` must be error, warning, information, hint or off, got {value!r}"
            ) from None
    return out


def parse_lowering(tab, lines: list[tuple[int, str]]) -> LoweringConfig:
    key = "tool.shardlint.lowering"
    if not isinstance(tab, dict):
        raise ConfigError(f"`{key}` must be a table")
    for k in tab:
        if k not in _LOWERING_KEYS:
            raise ConfigError(f"unknown key `{key}.{k}`")
    kw: dict = {}
    if "enabled" in tab:
        if not isinstance(tab["enabled"], bool):
            raise ConfigError(f"`{key}.enabled` must be true or false")
        kw["enabled"] = tab["enabled"]
    if "compile" in tab:
        if not isinstance(tab["compile"], bool):
            raise ConfigError(f"`{key}.compile` must be true or false")
        kw["compile"] = tab["compile"]
    if "backend" in tab:
        if tab["backend"] not in LOWERING_BACKENDS:
            raise ConfigError(f"`{key}.backend` must be one of tpu, gpu, cpu, got {tab['backend']!r}")
        kw["backend"] = "gpu" if tab["backend"] == "cuda" else tab["backend"]
        kw["backend_set"] = True
    if "python" in tab:
        if not isinstance(tab["python"], str):
            raise ConfigError(f"`{key}.python` must be a path string")
        kw["python"] = tab["python"]
    if "host-devices" in tab:
        n = tab["host-devices"]
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise ConfigError(f"`{key}.host-devices` must be a positive integer, got {n!r}")
        kw["host_devices"] = n
    if "timeout" in tab:
        t = tab["timeout"]
        if not isinstance(t, (int, float)) or isinstance(t, bool) or t <= 0:
            raise ConfigError(f"`{key}.timeout` must be a positive number of seconds, got {t!r}")
        kw["timeout"] = float(t)
    if "launcher" in tab:
        la = tab["launcher"]
        if not isinstance(la, list) or not all(isinstance(a, str) for a in la):
            raise ConfigError(f"`{key}.launcher` must be a list of strings (an argv prefix)")
        kw["launcher"] = tuple(la)
    if "targets" in tab:
        ts = tab["targets"]
        if not isinstance(ts, list):
            raise ConfigError(f"`{key}.targets` must be an array of tables")
        targets = []
        at = 0  # the targets' lines come in file order: a repeated function gets each its own
        for i, t in enumerate(ts):
            tk = f"{key}.targets[{i}]"
            if not isinstance(t, dict):
                raise ConfigError(f"`{tk}` must be a table with `function` and `args`")
            for k in t:
                if k not in ("function", "args"):
                    raise ConfigError(f"unknown key `{tk}.{k}`")
            fn = t.get("function")
            if not isinstance(fn, str) or ":" not in fn:
                raise ConfigError(f"`{tk}.function` must be \"module:qualname\", got {fn!r}")
            args = t.get("args")
            if args is not None and (not isinstance(args, str) or ":" not in args):
                raise ConfigError(f"`{tk}.args` must be \"module:attr\", got {args!r}")
            line = next((ln for ln, value in lines if value == fn and ln >= at), 0)
            at = line or at
            targets.append(Target(fn, args, line))
        kw["targets"] = tuple(targets)
    return LoweringConfig(**kw)


_FUNCTION_RE = re.compile(r"""(?:^|[{,\s])["']?function["']?\s*=\s*(?:"([^"]*)"|'([^']*)')""")


def _function_lines(text: str) -> list[tuple[int, str]]:
    """(line, value) of every `function = "..."` key in file order: on its own line under
    `[[...targets]]` or inside inline tables (`targets = [{function = "m:f"}, ...]`)."""
    out = []
    for i, line in enumerate(text.splitlines(), 1):
        for m in _FUNCTION_RE.finditer(_uncommented(line)):
            out.append((i, m.group(1) if m.group(1) is not None else m.group(2)))
    return out


def _uncommented(line: str) -> str:
    """A TOML line without its comment (a `#` outside quotes)."""
    quote = None
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            return line[:i]
    return line


def _toml():
    """The TOML reader, imported when a config file is read."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - exercised on 3.10 only
        import tomli as tomllib
    return tomllib


def load_file(path: Path) -> Config:
    """Read a pyproject.toml (or a shardlint.toml whose top level is the table)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise ConfigError(f"cannot read {path}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{path} is not UTF-8") from None
    tomllib = _toml()
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"{path}: invalid TOML: {e}") from None
    if path.name == "pyproject.toml":
        table = data.get("tool", {}).get("shardlint", {})
    else:
        table = data.get("tool", {}).get("shardlint", data)
    return parse_table(table, path.parent.resolve(), path.resolve(), _function_lines(text))


def configures_shardlint(path: Path) -> bool:
    """A shardlint.toml / .shardlint.toml, or a pyproject.toml with a [tool.shardlint] table."""
    if path.name != "pyproject.toml":
        return path.is_file()
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    if "shardlint" not in text:
        return False
    tomllib = _toml()
    try:
        tool = tomllib.loads(text).get("tool")
        return isinstance(tool, dict) and "shardlint" in tool
    except tomllib.TOMLDecodeError:
        # Broken TOML that means to configure shardlint: loading it reports the error.
        return re.search(r"^\s*\[+\s*tool\.shardlint\b", text, re.M) is not None


def find_config(start: Path) -> Path | None:
    """The nearest file that configures shardlint (CONFIG_NAMES, in that order in each folder),
    else the nearest pyproject.toml (it marks a project root), searching upwards from `start`
    and stopping at the repository root."""
    start = start.resolve()
    if not start.is_dir():
        start = start.parent
    first_pyproject = None
    for d in (start, *start.parents):
        for name in CONFIG_NAMES:
            p = d / name
            if configures_shardlint(p):
                return p
            if name == "pyproject.toml" and first_pyproject is None and p.is_file():
                first_pyproject = p
        if (d / ".git").exists():
            break
    return first_pyproject


def repository_root(start: Path) -> Path | None:
    """The nearest folder at or above `start` holding `.git` (a folder, or a file in worktrees
    and submodules)."""
    start = start.resolve()
    if not start.is_dir():
        start = start.parent
    for d in (start, *start.parents):
        if (d / ".git").exists():
            return d
    return None


def interpreter_error(cfg: Config) -> str | None:
    """Why `python` names no interpreter that can run (None when it is unset or fine). A
    relative path is relative to the project root, as the engine reads it."""
    if not cfg.python:
        return None
    p = Path(cfg.python)
    if not p.is_absolute():
        p = Path(cfg.root) / p
    key = f"`tool.shardlint.python` ({cfg.config_file})" if "python" in cfg.explicit and cfg.config_file \
        else "`python`"
    if not p.exists():
        return f"{key}: no interpreter at {p}"
    if not p.is_file() or not os.access(p, os.X_OK):
        return f"{key}: {p} is not an executable file"
    return None


def load(start: Path, explicit_file: Path | None = None) -> Config:
    if explicit_file is not None:
        if not explicit_file.is_file():
            raise ConfigError(f"config file not found: {explicit_file}")
        return load_file(explicit_file)
    found = find_config(start)
    if found is None:
        root = start.resolve()
        return Config(root=root if root.is_dir() else root.parent)
    return load_file(found)


_SETTINGS_MAP = {
    "jaxVersion": "jax_version",
    "flaxVersion": "flax_version",
    "backend": "backend",
    "python": "python",
    "interpreter": "python",
    "select": "select",
    "ignore": "ignore",
    "exclude": "exclude",
    "severity": "severity",
}


def with_overrides(cfg: Config, *, force: bool = False, **values) -> Config:
    """Apply values (CLI flags: force=True; editor settings: only where pyproject is silent).
    Keys use the Config field names; None means unset."""
    names = {f.name for f in fields(Config)}
    upd = {}
    for k, v in values.items():
        if v is None:
            continue
        if k not in names:
            raise ConfigError(f"unknown setting `{k}`")
        if not force and k in cfg.explicit:
            continue
        if k in ("jax_version", "flax_version"):
            v = _version(k.replace("_", "-"), v)
        elif k == "backend":
            if v not in BACKENDS:
                raise ConfigError(f"`backend` must be one of {', '.join(BACKENDS)}, got {v!r}")
        elif k in ("select", "ignore"):
            v = _codes(k, list(v))
        elif k == "exclude":
            v = tuple(v)
        elif k == "severity":
            v = {**cfg.severity, **parse_severity(v, "severity")}
        upd[k] = v
    return replace(cfg, **upd)


def from_editor_settings(cfg: Config, settings: dict) -> Config:
    """Merge `shardlint.*` editor settings (camelCase keys) under the pyproject values."""
    vals = {}
    for k, v in (settings or {}).items():
        if k in _SETTINGS_MAP and v not in (None, "", []):
            vals[_SETTINGS_MAP[k]] = v
    cfg = with_overrides(cfg, **vals)
    low = (settings or {}).get("lowering")
    if isinstance(low, dict) and "lowering" not in cfg.explicit:
        table = {k: v for k, v in _lowering_settings(low).items() if v not in (None, "", [])}
        cfg = replace(cfg, lowering=parse_lowering(table, []))
    elif isinstance(low, dict) and isinstance(low.get("enabled"), bool):
        cfg = replace(cfg, lowering=replace(cfg.lowering, enabled=low["enabled"]))
    return cfg


def _lowering_settings(low: dict) -> dict:
    m = {"enabled": "enabled", "backend": "backend", "python": "python", "hostDevices": "host-devices",
         "timeout": "timeout", "launcher": "launcher", "compile": "compile", "targets": "targets"}
    return {m[k]: v for k, v in low.items() if k in m}
