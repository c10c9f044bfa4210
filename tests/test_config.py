"""`[tool.shardlint]` parsing through `shardlint.analysis.config`: every key, bad values (the error
names the key), severity overrides and `off`, discovery of the config file, CLI overrides, and
editor settings that only fill in what pyproject leaves unset."""

from __future__ import annotations

from pathlib import Path

import pytest

from shardlint.analysis import config as cfgmod
from shardlint.analysis.config import Config, ConfigError, LoweringConfig, Target
from shardlint.analysis.diagnostics import Severity
from shardlint.analysis.rules import RULES

FULL = '''\
[project]
name = "demo"

[tool.shardlint]
jax-version = "0.7.2"
backend = "tpu"
python = ".venv/bin/python"
select = ["SHL0", "SHL101"]
extend-select = ["SHL2"]
ignore = ["SHL005"]
extend-ignore = ["SHL006"]
exclude = ["build/", "gen_*.py"]

[tool.shardlint.severity]
SHL003 = "error"
SHL101 = "hint"
SHL002 = "off"

[tool.shardlint.lowering]
enabled = false
backend = "cuda"
python = "/opt/py/bin/python"
host-devices = 4
timeout = 30
launcher = ["ssh", "tpu-vm", "--"]
compile = true

[[tool.shardlint.lowering.targets]]
function = "model.train:step"
args = "model.train:example_args"

[[tool.shardlint.lowering.targets]]
function = "model.eval:evaluate"
'''


def load_text(tmp_path: Path, text: str, name: str = "pyproject.toml") -> Config:
    p = tmp_path / name
    p.write_text(text)
    return cfgmod.load_file(p)


def error_of(tmp_path: Path, text: str) -> str:
    with pytest.raises(ConfigError) as e:
        load_text(tmp_path, text)
    return str(e.value)


def test_every_key(tmp_path):
    cfg = load_text(tmp_path, FULL)
    assert cfg.root == tmp_path.resolve()
    assert cfg.config_file == (tmp_path / "pyproject.toml").resolve()
    assert cfg.jax_version == "0.7.2"
    assert cfg.backend == "tpu"
    assert cfg.python == ".venv/bin/python"
    assert cfg.select == ("SHL0", "SHL101", "SHL2")
    assert cfg.ignore == ("SHL005", "SHL006")
    assert cfg.exclude == ("build/", "gen_*.py")
    assert cfg.severity == {"SHL003": Severity.ERROR, "SHL101": Severity.HINT, "SHL002": "off"}
    low = cfg.lowering
    assert low.enabled is False
    assert low.backend == "gpu"  # cuda is the same platform
    assert low.python == "/opt/py/bin/python"
    assert (low.host_devices, low.timeout, low.compile) == (4, 30.0, True)
    assert low.launcher == ("ssh", "tpu-vm", "--")
    text_lines = FULL.splitlines()
    assert low.targets == (
        Target("model.train:step", "model.train:example_args",
               text_lines.index('function = "model.train:step"') + 1),
        Target("model.eval:evaluate", None, text_lines.index('function = "model.eval:evaluate"') + 1),
    )
    assert {"jax_version", "backend", "python", "select", "ignore", "exclude", "severity",
            "lowering"} <= cfg.explicit


def test_defaults_without_table(tmp_path):
    cfg = load_text(tmp_path, '[project]\nname = "x"\n')
    assert (cfg.jax_version, cfg.backend, cfg.python) == (None, None, None)
    assert cfg.select == ("SHL",) and cfg.ignore == () and cfg.exclude == ()
    assert cfg.severity == {} and cfg.lowering == LoweringConfig()
    assert cfg.explicit == frozenset()
    assert all(cfg.enabled(code) for code in RULES)


def test_enabled_and_severity_of(tmp_path):
    cfg = load_text(tmp_path, FULL)
    enabled = {code for code in RULES if cfg.enabled(code)}
    # select SHL0 + SHL101 + SHL2; ignore SHL005, SHL006; SHL002 off.
    want = {c for c in RULES if c.startswith(("SHL0", "SHL101", "SHL2"))} - {"SHL002", "SHL005", "SHL006"}
    assert enabled == want
    assert {"SHL001", "SHL003", "SHL101", "SHL201"} <= enabled
    assert not enabled & {"SHL002", "SHL005", "SHL006", "SHL102", "SHL103"}
    assert cfg.severity_of("SHL003", Severity.WARNING) == Severity.ERROR
    assert cfg.severity_of("SHL101", Severity.WARNING) == Severity.HINT
    assert cfg.severity_of("SHL001", Severity.ERROR) == Severity.ERROR


@pytest.mark.parametrize("select, ignore, code, want", [
    (["SHL"], ["SHL1"], "SHL101", False),
    (["SHL"], ["SHL1"], "SHL001", True),
    (["SHL101"], ["SHL1"], "SHL101", True),  # the longer (more specific) match wins
    (["SHL1"], ["SHL101"], "SHL101", False),
    (["SHL1"], [], "SHL001", False),
    (["SHL001"], ["SHL001"], "SHL001", False),  # a tie goes to ignore
])
def test_longest_prefix_wins(select, ignore, code, want):
    cfg = cfgmod.parse_table({"select": select, "ignore": ignore}, Path("."), None)
    assert cfg.enabled(code) is want


def test_shardlint_toml_top_level_table(tmp_path):
    cfg = load_text(tmp_path, 'backend = "gpu"\nignore = ["SHL201"]\n', name="shardlint.toml")
    assert cfg.backend == "gpu" and cfg.ignore == ("SHL201",)


@pytest.mark.parametrize("text, key", [
    ('[tool.shardlint]\ncolor = true\n', "tool.shardlint.color"),
    ('[tool.shardlint]\njax-version = 10\n', "tool.shardlint.jax-version"),
    ('[tool.shardlint]\njax-version = "0.10.x"\n', "tool.shardlint.jax-version"),
    ('[tool.shardlint]\njax-version = "1"\n', "tool.shardlint.jax-version"),
    ('[tool.shardlint]\nbackend = "GPU2"\n', "tool.shardlint.backend"),
    ('[tool.shardlint]\npython = 3\n', "tool.shardlint.python"),
    ('[tool.shardlint]\nselect = [1]\n', "tool.shardlint.select"),
    ('[tool.shardlint]\nselect = ["E501"]\n', "tool.shardlint.select"),
    ('[tool.shardlint]\nselect = ["SHL4"]\n', "tool.shardlint.select"),
    ('[tool.shardlint]\nignore = {a = 1}\n', "tool.shardlint.ignore"),
    ('[tool.shardlint]\nextend-select = ["X"]\n', "tool.shardlint.extend-select"),
    ('[tool.shardlint]\nextend-ignore = ["X"]\n', "tool.shardlint.extend-ignore"),
    ('[tool.shardlint]\nexclude = "build"\n', "tool.shardlint.exclude"),
    ('[tool.shardlint]\nexclude = [1]\n', "tool.shardlint.exclude"),
    ('[tool.shardlint]\nseverity = "error"\n', "tool.shardlint.severity"),
    ('[tool.shardlint.severity]\nSHL001 = "fatal"\n', "tool.shardlint.severity.SHL001"),
    ('[tool.shardlint.severity]\nSHL001 = 1\n', "tool.shardlint.severity.SHL001"),
    ('[tool.shardlint.severity]\nSHL777 = "error"\n', "tool.shardlint.severity.SHL777"),
    ('[tool.shardlint]\nlowering = 1\n', "tool.shardlint.lowering"),
    ('[tool.shardlint.lowering]\nplatform = "tpu"\n', "tool.shardlint.lowering.platform"),
    ('[tool.shardlint.lowering]\nenabled = "yes"\n', "tool.shardlint.lowering.enabled"),
    ('[tool.shardlint.lowering]\ncompile = 1\n', "tool.shardlint.lowering.compile"),
    ('[tool.shardlint.lowering]\nbackend = "rocm"\n', "tool.shardlint.lowering.backend"),
    ('[tool.shardlint.lowering]\npython = ["py"]\n', "tool.shardlint.lowering.python"),
    ('[tool.shardlint.lowering]\nhost-devices = 0\n', "tool.shardlint.lowering.host-devices"),
    ('[tool.shardlint.lowering]\nhost-devices = 2.5\n', "tool.shardlint.lowering.host-devices"),
    ('[tool.shardlint.lowering]\nhost-devices = true\n', "tool.shardlint.lowering.host-devices"),
    ('[tool.shardlint.lowering]\ntimeout = -1\n', "tool.shardlint.lowering.timeout"),
    ('[tool.shardlint.lowering]\ntimeout = "1m"\n', "tool.shardlint.lowering.timeout"),
    ('[tool.shardlint.lowering]\nlauncher = "ssh vm"\n', "tool.shardlint.lowering.launcher"),
    ('[tool.shardlint.lowering]\ntargets = "m:f"\n', "tool.shardlint.lowering.targets"),
    ('[tool.shardlint.lowering]\ntargets = [1]\n', "tool.shardlint.lowering.targets[0]"),
    ('[[tool.shardlint.lowering.targets]]\nfunction = "m.f"\n', "tool.shardlint.lowering.targets[0].function"),
    ('[[tool.shardlint.lowering.targets]]\nargs = "m:a"\n', "tool.shardlint.lowering.targets[0].function"),
    ('[[tool.shardlint.lowering.targets]]\nfunction = "m:f"\n[[tool.shardlint.lowering.targets]]\n'
     'function = "m:g"\nargs = "m.a"\n', "tool.shardlint.lowering.targets[1].args"),
    ('[[tool.shardlint.lowering.targets]]\nfunction = "m:f"\nkwargs = "m:k"\n',
     "tool.shardlint.lowering.targets[0].kwargs"),
])
def test_bad_key_or_value_names_the_key(tmp_path, text, key):
    msg = error_of(tmp_path, text)
    assert key in msg
    assert "\n" not in msg


def test_invalid_toml_and_encoding(tmp_path):
    assert "invalid TOML" in error_of(tmp_path, "[tool.shardlint\n")
    p = tmp_path / "pyproject.toml"
    p.write_bytes(b'[tool.shardlint]\nbackend = "\xff"\n')
    with pytest.raises(ConfigError, match="UTF-8"):
        cfgmod.load_file(p)


def test_find_config_nearest_with_table_and_stops_at_repo_root(tmp_path):
    outer = tmp_path / "outer"
    inner = outer / "repo" / "pkg" / "sub"
    inner.mkdir(parents=True)
    (outer / "pyproject.toml").write_text('[tool.shardlint]\nbackend = "tpu"\n')
    (outer / "repo" / ".git").mkdir()
    # Inside a repository without any pyproject: the search stops at the repository root.
    assert cfgmod.find_config(inner) is None
    assert cfgmod.load(inner).backend is None
    assert cfgmod.load(inner).root == inner.resolve()
    (outer / "repo" / "pyproject.toml").write_text('[project]\nname = "r"\n')
    assert cfgmod.find_config(inner) == (outer / "repo" / "pyproject.toml").resolve()
    (outer / "repo" / "pkg" / "pyproject.toml").write_text('[tool.shardlint]\nbackend = "gpu"\n')
    f = inner / "mod.py"
    f.write_text("x = 1\n")
    assert cfgmod.find_config(f) == (outer / "repo" / "pkg" / "pyproject.toml").resolve()
    cfg = cfgmod.load(f)
    assert cfg.backend == "gpu" and cfg.root == (outer / "repo" / "pkg").resolve()


def test_explicit_config_file(tmp_path):
    alt = tmp_path / "alt.toml"
    alt.write_text('[tool.shardlint]\njax-version = "0.6.2"\n')
    assert cfgmod.load(tmp_path, alt).jax_version == "0.6.2"
    with pytest.raises(ConfigError, match="not found"):
        cfgmod.load(tmp_path, tmp_path / "none.toml")


def test_cli_overrides_win(tmp_path):
    cfg = load_text(tmp_path, FULL)
    out = cfgmod.with_overrides(cfg, force=True, jax_version="0.10.2", backend="gpu",
                                select=["SHL001"], ignore=None)
    assert (out.jax_version, out.backend, out.select) == ("0.10.2", "gpu", ("SHL001",))
    assert out.ignore == cfg.ignore  # None leaves a value alone
    assert out.severity == cfg.severity and out.lowering == cfg.lowering


@pytest.mark.parametrize("values, word", [
    ({"jax_version": "new"}, "jax-version"),
    ({"backend": "npu"}, "backend"),
    ({"select": ["ABC"]}, "ABC"),
    ({"ignore": ["SHL0000"]}, "SHL0000"),
    ({"severity": {"SHL001": "loud"}}, "SHL001"),
    ({"colour": "red"}, "colour"),
])
def test_bad_override_names_the_key(values, word):
    with pytest.raises(ConfigError) as e:
        cfgmod.with_overrides(Config(), force=True, **values)
    assert word in str(e.value)


def test_editor_settings_fill_only_unset_keys(tmp_path):
    cfg = load_text(tmp_path, '[tool.shardlint]\nbackend = "gpu"\nignore = ["SHL201"]\n')
    out = cfgmod.from_editor_settings(cfg, {
        "backend": "tpu",             # pyproject sets it: kept
        "ignore": ["SHL101"],          # pyproject sets it: kept
        "jaxVersion": "0.7.2",         # unset: filled
        "select": ["SHL0"],            # unset: filled
        "exclude": ["gen/"],           # unset: filled
        "severity": {"SHL003": "warning"},
        "python": "/usr/bin/python3",
        "unknownSetting": 1,           # editors send more than we read
    })
    assert out.backend == "gpu" and out.ignore == ("SHL201",)
    assert out.jax_version == "0.7.2" and out.select == ("SHL0",) and out.exclude == ("gen/",)
    assert out.severity == {"SHL003": Severity.WARNING}
    assert out.python == "/usr/bin/python3"


def test_editor_settings_empty_values_are_unset(tmp_path):
    cfg = load_text(tmp_path, '[project]\nname = "x"\n')
    out = cfgmod.from_editor_settings(cfg, {"jaxVersion": "", "select": [], "backend": None})
    assert (out.jax_version, out.select, out.backend) == (None, ("SHL",), None)
    assert cfgmod.from_editor_settings(cfg, None) == cfg


def test_editor_severity_does_not_replace_pyproject_severity(tmp_path):
    cfg = load_text(tmp_path, '[tool.shardlint.severity]\nSHL101 = "error"\n')
    out = cfgmod.from_editor_settings(cfg, {"severity": {"SHL101": "hint"}})
    assert out.severity == {"SHL101": Severity.ERROR}


def test_editor_settings_do_not_drop_pyproject_extend_select(tmp_path):
    cfg = load_text(tmp_path, '[tool.shardlint]\nextend-select = ["SHL2"]\n')
    assert cfg.select == ("SHL", "SHL2")
    out = cfgmod.from_editor_settings(cfg, {"select": ["SHL0"]})
    assert out.enabled("SHL001")
    assert out.enabled("SHL201")  # pyproject's extension still applies


def test_editor_lowering_settings(tmp_path):
    cfg = load_text(tmp_path, '[project]\nname = "x"\n')
    out = cfgmod.from_editor_settings(cfg, {"lowering": {
        "enabled": False, "backend": "cuda", "hostDevices": 2, "timeout": 9, "launcher": ["env"],
        "targets": [{"function": "a:b", "args": "a:c"}]}})
    assert out.lowering == LoweringConfig(enabled=False, backend="gpu", host_devices=2, timeout=9.0,
                                          launcher=("env",), targets=(Target("a:b", "a:c", 0),),
                                          backend_set=True)
    with pytest.raises(ConfigError, match="host-devices"):
        cfgmod.from_editor_settings(cfg, {"lowering": {"hostDevices": -1}})
    # pyproject's lowering table wins; only the on/off switch comes from the editor.
    cfg2 = load_text(tmp_path, '[tool.shardlint.lowering]\nbackend = "tpu"\nhost-devices = 8\n')
    out2 = cfgmod.from_editor_settings(cfg2, {"lowering": {"enabled": False, "backend": "gpu"}})
    assert out2.lowering.backend == "tpu" and out2.lowering.enabled is False


def test_fingerprint_changes_with_every_analysis_setting(tmp_path):
    base = load_text(tmp_path, '[project]\nname = "x"\n')
    variants = [
        cfgmod.with_overrides(base, force=True, jax_version="0.6.2"),
        cfgmod.with_overrides(base, force=True, backend="tpu"),
        cfgmod.with_overrides(base, force=True, select=["SHL0"]),
        cfgmod.with_overrides(base, force=True, ignore=["SHL1"]),
        cfgmod.with_overrides(base, force=True, exclude=["gen/"]),
        cfgmod.with_overrides(base, force=True, severity={"SHL101": "error"}),
        cfgmod.with_overrides(base, force=True, severity={"SHL101": "off"}),
    ]
    prints = {base.fingerprint(), *(v.fingerprint() for v in variants)}
    assert len(prints) == len(variants) + 1


def test_lowering_target_lines_in_inline_tables(tmp_path):
    """Breakage 8: targets written as inline tables got line 0."""
    cfg = load_text(tmp_path, '''\
[tool.shardlint.lowering]
backend = "gpu"
# function = "train:step" in a comment is no target
targets = [
  { function = "train:step", args = "train:ARGS" },
  {function='eval:run'}, {"function" = "train:step", args = "train:SMALL"},
]
''')
    assert [(t.function, t.args, t.line) for t in cfg.lowering.targets] == [
        ("train:step", "train:ARGS", 5), ("eval:run", None, 6), ("train:step", "train:SMALL", 6)]


def test_config_files_by_name_and_precedence(tmp_path):
    (tmp_path / ".git").mkdir()
    sub = tmp_path / "a" / "b"
    sub.mkdir(parents=True)
    (tmp_path / "pyproject.toml").write_text('[tool.shardlint]\nbackend = "gpu"\n')
    (tmp_path / "a" / "pyproject.toml").write_text('[project]\nname = "a"\n')  # no table: passed over
    assert cfgmod.find_config(sub) == (tmp_path / "pyproject.toml").resolve()
    (tmp_path / "a" / "shardlint.toml").write_text('backend = "tpu"\n')
    assert cfgmod.find_config(sub) == (tmp_path / "a" / "shardlint.toml").resolve()
    (tmp_path / "a" / ".shardlint.toml").write_text('backend = "cpu"\n')
    assert cfgmod.load(sub).backend == "cpu"
    assert cfgmod.load(sub).root == (tmp_path / "a").resolve()
    assert cfgmod.repository_root(sub) == tmp_path.resolve()


def test_per_file_ignores_and_interpreter(tmp_path):
    cfg = load_text(tmp_path, '[tool.shardlint]\npython = "bin/py"\n[tool.shardlint.per-file-ignores]\n'
                              '"tests/**" = ["SHL2"]\n"__init__.py" = ["SHL001"]\n"!src/**" = ["SHL101"]\n')
    root = tmp_path
    assert not cfg.enabled_in("SHL201", root / "tests" / "a" / "test_x.py")
    assert cfg.enabled_in("SHL201", root / "src" / "tests.py")
    assert not cfg.enabled_in("SHL001", root / "src" / "pkg" / "__init__.py")
    assert not cfg.enabled_in("SHL101", root / "tools" / "x.py") and cfg.enabled_in("SHL101", root / "src" / "x.py")
    assert "no interpreter at" in cfgmod.interpreter_error(cfg) and str(root / "bin" / "py") in cfgmod.interpreter_error(cfg)
    (root / "bin").mkdir()
    (root / "bin" / "py").write_text("#!/bin/sh\n")
    assert "not an executable" in cfgmod.interpreter_error(cfg)
    (root / "bin" / "py").chmod(0o755)
    assert cfgmod.interpreter_error(cfg) is None


def test_the_flax_version_is_configured_or_read_from_the_installed_package(tmp_path):
    """`flax-version` wins; else the dist-info folder of the analysis interpreter's flax says it
    (no import), and without one nothing is assumed."""
    from shardlint.analysis import environment

    site = tmp_path / "site-packages"
    (site / "flax-0.11.2.dist-info").mkdir(parents=True)
    (site / "flaxformer-1.0.dist-info").mkdir()
    assert environment._dist_version((str(site),), "flax") == "0.11.2"
    assert environment._dist_version((str(tmp_path / "none"),), "flax") is None
    cfg = cfgmod.parse_table({"flax-version": "0.12.8"}, tmp_path, None)
    assert environment.framework_version(cfg) == "0.12.8"
    with pytest.raises(ConfigError, match="flax-version"):
        cfgmod.parse_table({"flax-version": "0.12.x"}, tmp_path, None)
