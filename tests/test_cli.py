"""`shardlint check`, `rules` and `explain` end to end, through the installed console script in a
subprocess: exit codes, every output format, flags, suppressions, bad input, the on-disk cache,
and that checking never writes to the user's files."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from shardlint.analysis.rules import ALL_RULES, RULES

SHARDLINT = Path(sys.executable).with_name("shardlint")
SARIF_SCHEMA = Path(__file__).parent / "data" / "sarif-schema-2.1.0.json"

# psend under pmap: lowers on JAX >= 0.8 (pmap is jit + shard_map), replica path before.
PMAP_PSEND = '''\
import jax
import jax.numpy as jnp


def step(x):
    return jax.lax.psend(x, "i", perm=[(0, 1)])


out = jax.pmap(step, axis_name="i")(jnp.ones((4, 2)))
'''

# A matched psend/precv pair inside shard_map: fine for GPU, SHL007 for TPU.
SHARD_MAP_PAIR = '''\
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

PERM = [(0, 1), (1, 2), (2, 3)]
mesh = Mesh(np.array(jax.devices()[:4]), ("x",))


def body(v):
    tok = jax.lax.psend(v, "x", PERM)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(v.shape, v.dtype), "x", PERM)


f = jax.shard_map(body, mesh=mesh, in_specs=P("x"), out_specs=P("x"))
out = jax.jit(f)(jnp.ones((4, 2)))
'''

# psend and precv under plain jit: SHL002 at line 7, SHL001 at line 8.
JIT_PAIR = '''\
import jax
import jax.numpy as jnp

PERM = [(0, 1), (1, 2), (2, 3)]

def body(v):
    tok = jax.lax.psend(v, "x", PERM){psend_comment}
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(v.shape, v.dtype), "x", PERM){precv_comment}


out = jax.jit(body)(jnp.ones((4, 2)))
'''

CLEAN = '''\
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * 2


print(jax.jit(f)(jnp.ones(3)))
'''


def jit_pair(psend_comment: str = "", precv_comment: str = "", head: str = "") -> str:
    return head + JIT_PAIR.format(psend_comment=psend_comment, precv_comment=precv_comment)


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    return subprocess.run([str(SHARDLINT), *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120, env=env)


def check_json(*args: str, cwd: Path) -> tuple[int, list[dict]]:
    p = run("check", "--format", "json", *args, cwd=cwd)
    assert p.returncode in (0, 1), p.stderr
    return p.returncode, json.loads(p.stdout)


def codes(diags: list[dict]) -> list[tuple[str, int, str]]:
    return sorted((Path(d["path"]).name, d["line"], d["code"]) for d in diags)


def write(root: Path, files: dict[str, str | bytes]) -> Path:
    for name, content in files.items():
        p = root / name
        p.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            p.write_bytes(content)
        else:
            p.write_text(content)
    return root


def tree_hashes(root: Path) -> dict[str, str]:
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest() if p.is_file() else "dir"
        for p in sorted(root.rglob("*"))
        if ".shardlint_cache" not in p.relative_to(root).parts
    }


def one_line_error(p: subprocess.CompletedProcess) -> str:
    assert p.returncode == 2, (p.returncode, p.stdout, p.stderr)
    lines = p.stderr.splitlines()
    assert len(lines) == 1, p.stderr
    assert p.stdout == ""
    return lines[0]


EXAMPLE = Path(__file__).parent / "example"


def copy_example(dest: Path) -> Path:
    """A copy of the bundled example project (pipeline/stages.py has the psend, train.py the
    entry point that reaches it under jit)."""
    shutil.copytree(EXAMPLE, dest, ignore=shutil.ignore_patterns("__pycache__", ".shardlint_cache"))
    return dest


@pytest.fixture
def example(tmp_path: Path) -> Path:
    return copy_example(tmp_path / "example")


@pytest.fixture
def proj(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    root.mkdir()
    return root


# ---------------------------------------------------------------- exit codes and usage errors


def test_console_script_is_installed():
    assert SHARDLINT.is_file(), f"no console script next to {sys.executable}"


def test_exit_0_when_nothing_reported(proj):
    write(proj, {"clean.py": CLEAN})
    p = run("check", "--no-cache", ".", cwd=proj)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "All checks passed." in p.stdout
    rc, diags = check_json("--no-cache", cwd=proj)
    assert (rc, diags) == (0, [])


def test_exit_1_when_diagnostics_reported(proj):
    write(proj, {"bad.py": jit_pair()})
    p = run("check", "--no-cache", cwd=proj)
    assert p.returncode == 1, p.stdout + p.stderr
    assert "bad.py:7:" in p.stdout and "SHL002" in p.stdout
    assert "bad.py:8:" in p.stdout and "SHL001" in p.stdout
    assert "Found 2 problems (2 errors)." in p.stdout


def test_default_path_is_the_current_folder(proj):
    write(proj, {"pkg/bad.py": jit_pair(), "clean.py": CLEAN})
    _, diags = check_json("--no-cache", cwd=proj)
    assert codes(diags) == [("bad.py", 7, "SHL002"), ("bad.py", 8, "SHL001")]
    assert {d["path"] for d in diags} == {os.path.join("pkg", "bad.py")}


@pytest.mark.parametrize("args", [
    ("check", "--bogus"),
    ("check", "--format", "xml"),
    ("check", "--backend", "npu"),
    ("frobnicate",),
])
def test_usage_error_exits_2_with_one_line(proj, args):
    write(proj, {"clean.py": CLEAN})
    line = one_line_error(run(*args, cwd=proj))
    assert line.startswith("shardlint: error:")


def test_no_command_exits_2(proj):
    assert run(cwd=proj).returncode == 2


def test_missing_path_exits_2_naming_it(proj):
    write(proj, {"clean.py": CLEAN})
    line = one_line_error(run("check", "clean.py", "nowhere/missing.py", cwd=proj))
    assert "nowhere/missing.py" in line


@pytest.mark.parametrize("table, key", [
    ('colour = "red"\n', "tool.shardlint.colour"),
    ('backend = "npu"\n', "tool.shardlint.backend"),
    ('jax-version = "latest"\n', "tool.shardlint.jax-version"),
    ('select = ["XYZ"]\n', "tool.shardlint.select"),
    ('ignore = 3\n', "tool.shardlint.ignore"),
    ('exclude = "build/"\n', "tool.shardlint.exclude"),
    ('[tool.shardlint.severity]\nSHL001 = "fatal"\n', "tool.shardlint.severity.SHL001"),
    ('[tool.shardlint.severity]\nSHL999 = "error"\n', "tool.shardlint.severity.SHL999"),
    ('[tool.shardlint.lowering]\nhost-devices = 0\n', "tool.shardlint.lowering.host-devices"),
    ('[tool.shardlint.lowering]\nspeed = 1\n', "tool.shardlint.lowering.speed"),
])
def test_invalid_config_exits_2_naming_the_key(proj, table, key):
    head = "" if table.startswith("[") else "[tool.shardlint]\n"
    write(proj, {"pyproject.toml": head + table, "bad.py": jit_pair()})
    line = one_line_error(run("check", "--no-cache", ".", cwd=proj))
    assert key in line, line


def test_invalid_toml_exits_2(proj):
    write(proj, {"pyproject.toml": "[tool.shardlint\nbackend = ", "bad.py": jit_pair()})
    line = one_line_error(run("check", "--no-cache", ".", cwd=proj))
    assert "pyproject.toml" in line


@pytest.mark.parametrize("args, word", [
    (("--jax-version", "ten"), "jax-version"),
    (("--select", "FOO1"), "FOO1"),
    (("--ignore", "SHL9999"), "SHL9999"),
    (("--config", "missing.toml"), "missing.toml"),
])
def test_invalid_flag_values_exit_2(proj, args, word):
    write(proj, {"bad.py": jit_pair()})
    line = one_line_error(run("check", "--no-cache", *args, ".", cwd=proj))
    assert word in line, line


def test_explicit_config_file_is_used(proj):
    write(proj, {"bad.py": jit_pair(), "alt.toml": '[tool.shardlint]\nignore = ["SHL002"]\n'})
    _, diags = check_json("--no-cache", "--config", "alt.toml", ".", cwd=proj)
    assert codes(diags) == [("bad.py", 8, "SHL001")]


# ------------------------------------------------------------------------------- JSON output

DIAG_KEYS = {"path", "line", "column", "end_line", "end_column", "code", "rule", "severity",
             "message", "related", "fix"}
RELATED_KEYS = {"path", "line", "column", "message"}
FIX_KEYS = {"title", "applicability", "edits"}
EDIT_KEYS = {"path", "line", "column", "end_line", "end_column", "new_text"}


def assert_diag_schema(d: dict) -> None:
    assert set(d) == DIAG_KEYS
    for k in ("line", "column", "end_line", "end_column"):
        assert isinstance(d[k], int) and d[k] >= 1, (k, d)
    assert (d["end_line"], d["end_column"]) > (d["line"], d["column"])
    assert d["code"] in ALL_RULES and d["rule"] == ALL_RULES[d["code"]].name
    assert d["severity"] in ("error", "warning", "information", "hint")
    assert isinstance(d["message"], str) and d["message"]
    assert isinstance(d["related"], list)
    for r in d["related"]:
        assert set(r) == RELATED_KEYS
        assert isinstance(r["line"], int) and r["line"] >= 1 and r["column"] >= 1
        assert isinstance(r["path"], str) and isinstance(r["message"], str)
    if d["fix"] is not None:
        assert set(d["fix"]) == FIX_KEYS
        assert d["fix"]["applicability"] in ("safe", "unsafe")
        for e in d["fix"]["edits"]:
            assert set(e) == EDIT_KEYS and e["line"] >= 1 and e["column"] >= 1


def test_json_schema_and_one_based_positions(proj):
    src = jit_pair()
    write(proj, {"bad.py": src})
    _, diags = check_json("--no-cache", "bad.py", cwd=proj)
    assert [d["code"] for d in diags] == ["SHL002", "SHL001"]
    lines = src.splitlines()
    for d in diags:
        assert_diag_schema(d)
        text = lines[d["line"] - 1]
        name = "jax.lax.psend(" if d["code"] == "SHL002" else "jax.lax.precv("
        # The range is the call: from its first character to one past its closing parenthesis.
        assert d["column"] == text.index(name) + 1
        assert d["end_line"] == d["line"]
        assert d["end_column"] == len(text) + 1
        assert d["severity"] == "error"
        assert d["path"] == "bad.py"
    psend = diags[0]
    assert "psend" in psend["message"] and "shard_map" in psend["message"]
    # The related chain starts at the entry point: the module-level jit call on line 11.
    assert psend["related"] and psend["related"][0]["path"] == "bad.py"
    assert psend["related"][0]["line"] == 11


def test_json_paths_relative_stay_relative_absolute_stay_absolute(tmp_path):
    write(tmp_path, {"proj/sub/bad.py": jit_pair()})
    _, rel = check_json("--no-cache", "proj", cwd=tmp_path)
    assert {d["path"] for d in rel} == {os.path.join("proj", "sub", "bad.py")}
    assert all(not os.path.isabs(r["path"]) for d in rel for r in d["related"])
    absolute = str(tmp_path / "proj")
    _, ab = check_json("--no-cache", absolute, cwd=tmp_path)
    assert {d["path"] for d in ab} == {os.path.join(absolute, "sub", "bad.py")}
    assert all(os.path.isabs(r["path"]) for d in ab for r in d["related"])
    assert [(d["line"], d["column"], d["code"]) for d in ab] == [(d["line"], d["column"], d["code"]) for d in rel]


def test_json_related_spans_modules(proj):
    write(proj, {
        "helpers.py": 'import jax\n\n\ndef send(v):\n    return jax.lax.psend(v, "x", [(0, 1)])\n',
        "main.py": "import jax\nimport jax.numpy as jnp\nfrom helpers import send\n\n"
                   "out = jax.jit(send)(jnp.ones(4))\n",
    })
    _, diags = check_json("--no-cache", cwd=proj)
    assert codes(diags) == [("helpers.py", 5, "SHL002")]
    related_paths = {r["path"] for r in diags[0]["related"]}
    assert "main.py" in related_paths


# ------------------------------------------------------------------------------ SARIF output


@pytest.fixture(scope="module")
def sarif_validator():
    schema = json.loads(SARIF_SCHEMA.read_text())
    assert schema["id"].endswith("/sarif-schema-2.1.0.json")
    jsonschema.Draft4Validator.check_schema(schema)
    return jsonschema.Draft4Validator(schema, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER)


def sarif_of(*args: str, cwd: Path) -> dict:
    p = run("check", "--no-cache", "--format", "sarif", *args, cwd=cwd)
    assert p.returncode in (0, 1), p.stderr
    return json.loads(p.stdout)


def test_sarif_schema_rejects_an_invalid_log(sarif_validator):
    bad = {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}},
                                         "results": [{"message": {"text": "m"}, "level": "fatal"}]}]}
    assert list(sarif_validator.iter_errors(bad))
    assert list(sarif_validator.iter_errors({"version": "2.1.0", "runs": [{"results": []}]}))


def test_sarif_validates_and_matches_json(proj, sarif_validator):
    write(proj, {"bad.py": jit_pair(), "pm.py": PMAP_PSEND, "clean.py": CLEAN})
    log = sarif_of(".", cwd=proj)
    errors = sorted(sarif_validator.iter_errors(log), key=lambda e: list(e.path))
    assert not errors, [f"{list(e.path)}: {e.message}" for e in errors]
    _, diags = check_json("--no-cache", ".", cwd=proj)
    (sarif_run,) = log["runs"]
    results = sarif_run["results"]
    assert len(results) == len(diags) == 3
    rules = sarif_run["tool"]["driver"]["rules"]
    for res, d in zip(results, diags):
        assert res["ruleId"] == d["code"]
        assert rules[res["ruleIndex"]]["id"] == d["code"]
        region = res["locations"][0]["physicalLocation"]["region"]
        assert (region["startLine"], region["startColumn"], region["endLine"], region["endColumn"]) == (
            d["line"], d["column"], d["end_line"], d["end_column"])
        assert res["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == d["path"]
        assert res["level"] == {"error": "error", "warning": "warning"}.get(d["severity"], "note")
        assert len(res.get("relatedLocations", [])) == len(d["related"])
    assert {r["id"] for r in rules} >= set(RULES)


def test_sarif_validates_with_absolute_paths_and_no_results(tmp_path, sarif_validator):
    write(tmp_path, {"a/bad.py": jit_pair(), "b/clean.py": CLEAN})
    log = sarif_of(str(tmp_path / "a"), cwd=tmp_path)
    assert not list(sarif_validator.iter_errors(log))
    # Outside any repository or project, relative URIs start at the current folder.
    (run_,) = log["runs"]
    assert run_["originalUriBaseIds"]["%SRCROOT%"]["uri"] == tmp_path.as_uri() + "/"
    locs = {json.dumps(r["locations"][0]["physicalLocation"]["artifactLocation"]) for r in run_["results"]}
    assert locs == {json.dumps({"uri": "a/bad.py", "uriBaseId": "%SRCROOT%"})}
    empty = sarif_of("b", cwd=tmp_path)
    assert not list(sarif_validator.iter_errors(empty))
    assert empty["runs"][0]["results"] == []


# ----------------------------------------------------------------------------- GitHub output

GITHUB_RE = re.compile(
    r"^::(?P<level>error|warning|notice) file=(?P<file>[^,]+),line=(?P<line>\d+),col=(?P<col>\d+),"
    r"endLine=(?P<end_line>\d+),endColumn=(?P<end_col>\d+),title=(?P<title>[^:]+)::(?P<msg>.+)$")


def test_github_annotations(proj):
    write(proj, {"bad.py": jit_pair(), "pm.py": PMAP_PSEND})
    p = run("check", "--no-cache", "--format", "github", ".", cwd=proj)
    assert p.returncode == 1
    _, diags = check_json("--no-cache", ".", cwd=proj)
    lines = p.stdout.splitlines()
    assert len(lines) == len(diags) == 3
    for line, d in zip(lines, diags):
        m = GITHUB_RE.match(line)
        assert m, line
        assert m["level"] == {"error": "error", "warning": "warning"}.get(d["severity"], "notice")
        assert (m["file"], int(m["line"]), int(m["col"]), int(m["end_line"]), int(m["end_col"])) == (
            d["path"], d["line"], d["column"], d["end_line"], d["end_column"])
        assert m["title"] == f"{d['code']} {d['rule']}"
        assert m["msg"].startswith(d["code"] + " ")
        assert "\n" not in m["msg"]


# ------------------------------------------------------------------------------ rule choice


@pytest.mark.parametrize("args, want", [
    ((), [("bad.py", 7, "SHL002"), ("bad.py", 8, "SHL001")]),
    (("--select", "SHL001"), [("bad.py", 8, "SHL001")]),
    (("--select", "SHL001,SHL002"), [("bad.py", 7, "SHL002"), ("bad.py", 8, "SHL001")]),
    (("--ignore", "SHL001"), [("bad.py", 7, "SHL002")]),
    (("--ignore", "SHL00"), []),
    (("--select", "SHL1"), []),
    (("--ignore", "SHL", "--select", "SHL002"), [("bad.py", 7, "SHL002")]),
])
def test_select_and_ignore(proj, args, want):
    write(proj, {"bad.py": jit_pair()})
    rc, diags = check_json("--no-cache", *args, ".", cwd=proj)
    assert codes(diags) == want
    assert rc == (1 if want else 0)


def test_severity_override_and_off_from_pyproject(proj):
    write(proj, {
        "pyproject.toml": '[tool.shardlint.severity]\nSHL002 = "warning"\nSHL001 = "off"\n',
        "bad.py": jit_pair(),
    })
    _, diags = check_json("--no-cache", ".", cwd=proj)
    assert [(d["code"], d["severity"]) for d in diags] == [("SHL002", "warning")]


def test_exclude_from_pyproject(proj):
    write(proj, {"pyproject.toml": '[tool.shardlint]\nexclude = ["gen/"]\n',
                 "gen/bad.py": jit_pair(), "src/bad.py": jit_pair()})
    _, diags = check_json("--no-cache", ".", cwd=proj)
    assert {d["path"] for d in diags} == {os.path.join("src", "bad.py")}


# ------------------------------------------------------------------- target version, backend


@pytest.mark.parametrize("version, want", [
    ("0.10.2", [("pm.py", 6, "SHL201", "hint")]),
    ("0.8.2", [("pm.py", 6, "SHL201", "hint")]),
    ("0.7.2", [("pm.py", 6, "SHL002", "error")]),
])
def test_jax_version_changes_the_pmap_verdict(proj, version, want):
    write(proj, {"pm.py": PMAP_PSEND})
    _, diags = check_json("--no-cache", "--jax-version", version, ".", cwd=proj)
    assert [(Path(d["path"]).name, d["line"], d["code"], d["severity"]) for d in diags] == want
    assert version in diags[0]["message"]


def test_jax_version_from_pyproject(proj):
    write(proj, {"pyproject.toml": '[tool.shardlint]\njax-version = "0.7.2"\n', "pm.py": PMAP_PSEND})
    _, diags = check_json("--no-cache", ".", cwd=proj)
    assert [d["code"] for d in diags] == ["SHL002"]
    # The flag wins over pyproject.
    _, diags = check_json("--no-cache", "--jax-version", "0.10.2", ".", cwd=proj)
    assert [d["code"] for d in diags] == ["SHL201"]


def test_psend_on_jax_0_6_2_is_an_api_error(proj):
    write(proj, {"sm.py": SHARD_MAP_PAIR})
    _, new = check_json("--no-cache", "--jax-version", "0.10.2", ".", cwd=proj)
    assert new == []
    _, old = check_json("--no-cache", "--jax-version", "0.6.2", ".", cwd=proj)
    assert codes(old) == [("sm.py", 11, "SHL008"), ("sm.py", 12, "SHL008")]
    assert "0.6.2" in old[0]["message"]


@pytest.mark.parametrize("backend, want", [
    ("gpu", []),
    ("tpu", [("sm.py", 11, "SHL007"), ("sm.py", 12, "SHL007")]),
    ("cpu", [("sm.py", 11, "SHL007"), ("sm.py", 12, "SHL007")]),
])
def test_backend_send_recv(proj, backend, want):
    write(proj, {"sm.py": SHARD_MAP_PAIR})
    _, diags = check_json("--no-cache", "--backend", backend, ".", cwd=proj)
    # SHL007 is reported at least for the psend; the precv line may share it.
    got = codes(diags)
    if want:
        assert ("sm.py", 11, "SHL007") in got and set(got) <= set(want)
        assert all(d["severity"] == "error" for d in diags)
        assert backend in diags[0]["message"]
    else:
        assert got == []


# ------------------------------------------------------------------------------ suppressions


@pytest.mark.parametrize("psend_c, precv_c, head, want", [
    ("  # shardlint: ignore", "", "", [("bad.py", 8, "SHL001")]),
    ("", "  # shardlint: ignore[SHL001]", "", [("bad.py", 7, "SHL002")]),
    # An ignore of a code its line does not report suppresses nothing: SHL301 says so.
    ("  # shardlint: ignore[SHL001]", "", "", [("bad.py", 7, "SHL002"), ("bad.py", 7, "SHL301"),
                                               ("bad.py", 8, "SHL001")]),
    ("  # shardlint: ignore[SHL003, SHL002]", "  # shardlint: ignore[shl001]", "", [("bad.py", 7, "SHL301")]),
    ("  # shardlint: ignore[SHL002]", "  # shardlint: ignore[shl001]", "", []),
    ("", "", "# shardlint: ignore-file\n", []),
    ("", "", 'NOTE = "# shardlint: ignore-file"\n', [("bad.py", 8, "SHL002"), ("bad.py", 9, "SHL001")]),
])
def test_suppression_comments(proj, psend_c, precv_c, head, want):
    write(proj, {"bad.py": jit_pair(psend_c, precv_c, head)})
    rc, diags = check_json("--no-cache", ".", cwd=proj)
    assert codes(diags) == want
    assert rc == (1 if want else 0)


# -------------------------------------------------------------------------------- bad input


def test_syntax_error_is_one_shl000_and_others_still_checked(proj):
    broken = "import jax\n\ndef f(x):\n    return jax.lax.psum(x, 'i'\n\nx = 1\n"
    write(proj, {"broken.py": broken, "bad.py": jit_pair(), "clean.py": CLEAN})
    with pytest.raises(SyntaxError) as err:
        compile(broken, "broken.py", "exec")
    _, diags = check_json("--no-cache", ".", cwd=proj)
    shl000 = [d for d in diags if d["code"] == "SHL000"]
    assert len(shl000) == 1
    d = shl000[0]
    assert d["path"] == "broken.py" and d["severity"] == "error"
    assert (d["line"], d["column"]) == (err.value.lineno, err.value.offset)
    assert codes(d2 for d2 in diags if d2["code"] != "SHL000") == [("bad.py", 7, "SHL002"), ("bad.py", 8, "SHL001")]


@pytest.mark.parametrize("content", [
    b"\x00\x01\x02binary\x00" * 20,
    b"# -*- coding: utf-8 -*-\nx = '\xff\xfe\xfa'\n",
    b"# -*- coding: no-such-codec -*-\nx = 1\n",
])
def test_undecodable_file_is_reported_skipped_and_others_checked(proj, content):
    write(proj, {"blob.py": content, "bad.py": jit_pair()})
    p = run("check", "--no-cache", ".", cwd=proj)
    assert p.returncode == 1
    assert re.search(r"^blob\.py: skipped: .+", p.stdout, re.M), p.stdout
    assert "bad.py:7:" in p.stdout and "bad.py:8:" in p.stdout
    pj = run("check", "--no-cache", "--format", "json", ".", cwd=proj)
    assert codes(json.loads(pj.stdout)) == [("bad.py", 7, "SHL002"), ("bad.py", 8, "SHL001")]
    assert "blob.py: skipped" in pj.stderr


def test_non_utf8_declared_encoding_is_read(proj):
    src = "# -*- coding: latin-1 -*-\n" + jit_pair().replace("import jax\n", "import jax\nNAME = 'caf\xe9'\n", 1)
    write(proj, {"latin.py": src.encode("latin-1")})
    _, diags = check_json("--no-cache", ".", cwd=proj)
    assert codes(diags) == [("latin.py", 9, "SHL002"), ("latin.py", 10, "SHL001")]


def test_non_ascii_columns_count_characters(proj):
    src = jit_pair().replace('    tok = jax.lax.psend(v, "x", PERM)', '    tök = jax.lax.psend(v, "x", PERM)  # é')
    write(proj, {"bad.py": src})
    _, diags = check_json("--no-cache", ".", cwd=proj)
    psend = next(d for d in diags if d["code"] == "SHL002")
    line = src.splitlines()[psend["line"] - 1]
    assert psend["column"] == line.index("jax.lax.psend") + 1
    assert psend["end_column"] == line.index("  # é") + 1


# -------------------------------------------------------------- no writes, on-disk cache


def test_check_never_writes_user_files(proj):
    write(proj, {"bad.py": jit_pair(), "pm.py": PMAP_PSEND, "broken.py": "def (:\n",
                 "blob.py": b"\x00\xff" * 10, "pyproject.toml": "[tool.shardlint]\nbackend = \"gpu\"\n",
                 "pkg/__init__.py": "", "pkg/mod.py": SHARD_MAP_PAIR})
    before = tree_hashes(proj)
    for fmt in ("text", "json", "sarif", "github"):
        assert run("check", "--no-cache", "--format", fmt, cwd=proj).returncode == 1
    assert tree_hashes(proj) == before
    assert not (proj / ".shardlint_cache").exists()
    assert run("check", cwd=proj).returncode == 1
    assert run("check", cwd=proj).returncode == 1
    assert tree_hashes(proj) == before


def test_cache_warm_equals_cold_and_no_cache(proj):
    write(proj, {"bad.py": jit_pair(), "pm.py": PMAP_PSEND, "sm.py": SHARD_MAP_PAIR})
    cold = run("check", "--format", "json", cwd=proj)
    cache = proj / ".shardlint_cache"
    assert cache.is_dir()
    ignore = (cache / ".gitignore").read_text()
    assert "*" in ignore.split()
    assert any(p.name != ".gitignore" for p in cache.iterdir())
    warm = run("check", "--format", "json", cwd=proj)
    uncached = run("check", "--no-cache", "--format", "json", cwd=proj)
    assert cold.returncode == warm.returncode == uncached.returncode == 1
    assert cold.stdout == warm.stdout == uncached.stdout
    assert len(json.loads(cold.stdout)) == 3
    for fmt in ("text", "sarif", "github"):
        assert run("check", "--format", fmt, cwd=proj).stdout == run(
            "check", "--no-cache", "--format", fmt, cwd=proj).stdout


def test_cache_follows_edits_and_flags(proj):
    write(proj, {"bad.py": jit_pair(), "pm.py": PMAP_PSEND})
    _, first = check_json(cwd=proj)
    assert codes(first) == [("bad.py", 7, "SHL002"), ("bad.py", 8, "SHL001"), ("pm.py", 6, "SHL201")]
    _, old = check_json("--jax-version", "0.7.2", cwd=proj)
    assert ("pm.py", 6, "SHL002") in codes(old)
    _, tpu = check_json("--backend", "tpu", cwd=proj)
    assert ("bad.py", 7, "SHL007") in codes(tpu)
    (proj / "bad.py").write_text(CLEAN)
    _, edited = check_json(cwd=proj)
    assert codes(edited) == [("pm.py", 6, "SHL201")]
    (proj / "pyproject.toml").write_text('[tool.shardlint]\nignore = ["SHL201"]\n')
    rc, configured = check_json(cwd=proj)
    assert (rc, configured) == (0, [])
    (proj / "new.py").write_text(jit_pair())
    _, added = check_json(cwd=proj)
    assert codes(added) == [("new.py", 7, "SHL002"), ("new.py", 8, "SHL001")]


def test_cache_in_read_only_tree_still_checks(proj):
    if os.geteuid() == 0:
        pytest.skip("root ignores file permissions")
    write(proj, {"bad.py": jit_pair()})
    proj.chmod(0o555)
    try:
        rc, diags = check_json(cwd=proj)
    finally:
        proj.chmod(0o755)
    assert rc == 1 and len(diags) == 2


# ------------------------------------------------------------------------- rules, explain


def test_rules_lists_every_rule(proj):
    p = run("rules", cwd=proj)
    assert p.returncode == 0
    rows = {line.split()[0]: line.split()[1:3] for line in p.stdout.splitlines() if line.strip()}
    assert set(rows) == set(ALL_RULES)
    for code, r in ALL_RULES.items():
        assert rows[code] == [r.name, r.severity.value]


@pytest.mark.parametrize("code", sorted(ALL_RULES))
def test_explain_every_rule(proj, code):
    r = ALL_RULES[code]
    p = run("explain", code.lower(), cwd=proj)
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith(f"{code} {r.name}")
    assert r.severity.value in p.stdout and r.jax_error in p.stdout and r.fix in p.stdout


def test_explain_unknown_code_exits_2(proj):
    line = one_line_error(run("explain", "SHL999", cwd=proj))
    assert "SHL999" in line


def test_fix_never_edits_an_installed_library(tmp_path):
    """A collective inside a library's own jit is reported at the user's call; the wrap would
    belong in the library, which --fix must leave alone."""
    lib = write(tmp_path / "site-packages", {"steplib/__init__.py": (
        "import jax\n\n\ndef make_step():\n    def step(x):\n        return jax.lax.psum(x, 'x')\n"
        "    return jax.jit(step)\n")})
    proj = write(tmp_path / "proj", {"main.py": (
        "import jax.numpy as jnp\nimport steplib\n\nif __name__ == '__main__':\n"
        "    steplib.make_step()(jnp.zeros(4))\n")})
    before = (lib / "steplib" / "__init__.py").read_text()
    env = {**os.environ, "PYTHONPATH": str(lib)}
    cmd = [str(SHARDLINT), "check", "--no-cache", "--format", "json", "."]
    found = json.loads(subprocess.run(cmd, cwd=proj, capture_output=True, text=True, env=env).stdout)
    assert [(Path(d["path"]).name, d["line"], d["code"]) for d in found] == [("main.py", 5, "SHL005")]
    subprocess.run([str(SHARDLINT), "check", "--no-cache", "--fix", "--unsafe-fixes", "."], cwd=proj,
                   capture_output=True, text=True, env=env)
    assert (lib / "steplib" / "__init__.py").read_text() == before


def test_main_in_process_leaves_the_collector_as_it_was(proj, capsys):
    """Only the `shardlint` process turns the cyclic collector off; a caller of `main` in its own
    process (an editor plugin, a test) keeps it."""
    import gc

    from shardlint.server.cli import main

    write(proj, {"bad.py": jit_pair()})
    assert gc.isenabled()
    assert main(["check", "--no-cache", str(proj / "bad.py")]) == 1
    assert gc.isenabled()
    assert "SHL002" in capsys.readouterr().out
