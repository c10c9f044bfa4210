"""Fixes in every output (`fix` in JSON, the fixable marks and count in text, `--diff`) and the
knobs CI needs (`--exit-zero`, `--fail-on`, `--statistics`, `--output-file`, standard input,
colours), through the console script."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from test_cli import (PMAP_PSEND, SHARDLINT, check_json, codes, example, jit_pair, run,  # noqa: F401
                      tree_hashes, write)


# ----------------------------------------------------------------------------- fixes shown


def test_json_carries_the_fix_unsafe_fixes_applies(example):
    """Breakage 4: `--format json` always printed `"fix": null`."""
    _, diags = check_json("--no-cache", "pipeline/stages.py", cwd=example)
    psend = next(d for d in diags if d["code"] == "SHL002")
    fix = psend["fix"]
    assert fix["title"].startswith("Wrap in jax.shard_map") and fix["applicability"] == "unsafe"
    assert {e["path"] for e in fix["edits"]} == {"train.py"}  # the wrap is at the entry point
    # Applying exactly these edits is what --unsafe-fixes does to train.py.
    from shardlint.analysis.diagnostics import Edit
    from shardlint.analysis.fixes import apply_edits

    before = (example / "train.py").read_text()
    want = apply_edits(before, [Edit(**e) for e in fix["edits"]])
    assert run("check", "--no-cache", "--unsafe-fixes", "pipeline/stages.py", cwd=example).returncode == 0
    assert (example / "train.py").read_text() == want


def test_text_marks_fixes_and_counts_them(example):
    p = run("check", "--no-cache", cwd=example)
    assert p.returncode == 1
    assert p.stdout.count("    unsafe fix (`--unsafe-fixes`): Wrap in jax.shard_map") == 2
    assert p.stdout.rstrip().endswith("0 fixable with `--fix` (2 more with `--unsafe-fixes`).")
    write(example, {"extra.py": "x = 1  # shardlint: ignore[SHL001]\n"})
    p = run("check", "--no-cache", cwd=example)
    assert "extra.py:1:8: SHL301 [warning] [*] " in p.stdout
    assert p.stdout.rstrip().endswith("[*] 1 fixable with `--fix` (2 more with `--unsafe-fixes`).")


def test_fix_says_what_it_left_to_unsafe_fixes(example):
    """Breakage 4: `--fix` said nothing about the unsafe fixes it skipped."""
    write(example, {"extra.py": "x = 1  # shardlint: ignore[SHL001]\n"})
    p = run("check", "--no-cache", "--fix", cwd=example)
    assert p.returncode == 1
    assert "Fixed 1 problem in 1 file." in p.stdout
    assert p.stdout.rstrip().endswith("0 fixable with `--fix` (2 more with `--unsafe-fixes`).")


def test_diff_prints_what_fix_would_change_and_writes_nothing(example):
    """Breakage 4: there was no way to preview a fix."""
    before = tree_hashes(example)
    p = run("check", "--no-cache", "--diff", cwd=example)
    assert (p.returncode, p.stdout) == (0, ""), p.stderr  # only unsafe fixes: --fix changes nothing
    assert "No fixes to apply." in p.stderr
    p = run("check", "--no-cache", "--diff", "--unsafe-fixes", cwd=example)
    assert p.returncode == 1, p.stderr
    assert p.stdout.startswith("--- a/train.py\n+++ b/train.py\n@@ ")
    assert "+    jax.shard_map(" in p.stdout or "jax.shard_map(loss" in p.stdout
    assert "Would fix 2 problems in 1 file." in p.stderr
    assert tree_hashes(example) == before
    # The diff is exactly what --unsafe-fixes then writes.
    patch = p.stdout
    work = example.parent / "patched"
    shutil.copytree(example, work)
    subprocess.run(["patch", "-p1", "-s"], input=patch, text=True, cwd=work, check=True)
    run("check", "--no-cache", "--unsafe-fixes", cwd=example)
    assert (work / "train.py").read_text() == (example / "train.py").read_text()


# ------------------------------------------------------------------------ exit status knobs


@pytest.mark.parametrize("args, rc", [
    ((), 0),                                 # breakage 6: a lone hint exited 1 and failed CI
    (("--fail-on", "hint"), 1),
    (("--fail-on", "information"), 0),
    (("--fail-on", "warning"), 0),
])
def test_fail_on_severity(tmp_path, args, rc):
    write(tmp_path, {"pm.py": PMAP_PSEND})
    p = run("check", "--no-cache", "--format", "json", *args, ".", cwd=tmp_path)
    assert [d["code"] for d in json.loads(p.stdout)] == ["SHL201"]
    assert p.returncode == rc


@pytest.mark.parametrize("severity, fail_on, rc", [
    ("warning", "warning", 1), ("warning", "error", 0), ("information", "warning", 0),
    ("information", "information", 1), ("error", "error", 1),
])
def test_fail_on_follows_configured_severities(tmp_path, severity, fail_on, rc):
    write(tmp_path, {"bad.py": jit_pair(),
                     "pyproject.toml": f'[tool.shardlint.severity]\nSHL001 = "{severity}"\nSHL002 = "{severity}"\n'})
    assert run("check", "--no-cache", "--fail-on", fail_on, cwd=tmp_path).returncode == rc


def test_exit_zero(tmp_path):
    write(tmp_path, {"bad.py": jit_pair()})
    p = run("check", "--no-cache", "--exit-zero", cwd=tmp_path)
    assert p.returncode == 0 and "Found 2 problems" in p.stdout
    # Usage and configuration errors still exit 2.
    assert run("check", "--exit-zero", "missing.py", cwd=tmp_path).returncode == 2


def test_statistics(tmp_path):
    write(tmp_path, {"a.py": jit_pair(), "b.py": jit_pair(), "pm.py": PMAP_PSEND,
                     "s.py": "x = 1  # shardlint: ignore[SHL001]\n"})
    p = run("check", "--no-cache", "--statistics", cwd=tmp_path)
    assert p.returncode == 1
    rows = [line.split("\t") for line in p.stdout.splitlines()]
    assert [(r[0].strip(), r[1], r[2]) for r in rows] == [
        ("2", "SHL001", "    precv-outside-shard-map"), ("2", "SHL002", "    psend-outside-shard-map"),
        ("1", "SHL201", "    pmap-legacy"), ("1", "SHL301", "[*] unused-suppression")]
    js = json.loads(run("check", "--no-cache", "--statistics", "--format", "json", cwd=tmp_path).stdout)
    assert js[0] == {"code": "SHL001", "name": "precv-outside-shard-map", "count": 2, "fixable": False}
    assert js[-1] == {"code": "SHL301", "name": "unused-suppression", "count": 1, "fixable": True}
    bad = run("check", "--statistics", "--format", "sarif", cwd=tmp_path)
    assert bad.returncode == 2 and "--statistics" in bad.stderr


# ----------------------------------------------------------------------------- stdin, color


def stdin_run(*args: str, text: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    return subprocess.run([str(SHARDLINT), "check", *args], input=text, cwd=cwd, capture_output=True,
                          text=True, timeout=120, env=env)


def test_stdin_is_checked_as_the_named_file_of_its_project(example):
    """An editor's unsaved buffer of pipeline/stages.py, judged with the project's entry point."""
    text = (example / "pipeline" / "stages.py").read_text().replace("RING = [(0, 1), (1, 2), (2, 3)]",
                                                                     "# a line more\nRING = [(0, 1), (1, 2), (2, 3)]")
    p = stdin_run("--no-cache", "--format", "json", "--stdin-filename", "pipeline/stages.py", "-",
                  text=text, cwd=example)
    diags = json.loads(p.stdout)
    assert codes(diags) == [("stages.py", 11, "SHL002"), ("stages.py", 12, "SHL001")]
    assert diags[0]["path"] == os.path.join("pipeline", "stages.py")
    assert p.returncode == 1
    assert (example / "pipeline" / "stages.py").read_text() != text  # nothing written


def test_stdin_without_a_file_on_disk(tmp_path):
    p = stdin_run("--no-cache", "--format", "json", "--stdin-filename", "new.py", "-", text=jit_pair(), cwd=tmp_path)
    assert codes(json.loads(p.stdout)) == [("new.py", 7, "SHL002"), ("new.py", 8, "SHL001")]
    p = stdin_run("--no-cache", "-", text=jit_pair(), cwd=tmp_path)
    assert p.returncode == 1 and "stdin.py:7:" in p.stdout
    assert not (tmp_path / "new.py").exists() and not (tmp_path / "stdin.py").exists()


@pytest.mark.parametrize("args", [("-", "x.py"), ("--fix", "-"), ("--diff", "-"), ("--stdin-filename", "a.py", ".")])
def test_stdin_misuse_exits_2(tmp_path, args):
    write(tmp_path, {"x.py": "x = 1\n"})
    p = stdin_run(*args, text="x = 1\n", cwd=tmp_path)
    assert p.returncode == 2 and p.stderr.startswith("shardlint: error:"), p.stderr


@pytest.mark.parametrize("env, args, colored", [
    ({}, (), False),                                  # not a terminal
    ({"FORCE_COLOR": "1"}, (), True),
    ({"FORCE_COLOR": "1", "NO_COLOR": "1"}, (), False),
    ({"NO_COLOR": "1"}, ("--color", "always"), True),
    ({"FORCE_COLOR": "1"}, ("--color", "never"), False),
])
def test_colors(tmp_path, env, args, colored):
    write(tmp_path, {"bad.py": jit_pair()})
    base = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    p = subprocess.run([str(SHARDLINT), "check", "--no-cache", *args], cwd=tmp_path, capture_output=True,
                       text=True, env={**base, **env}, timeout=120)
    assert ("\x1b[" in p.stdout) == colored


# ------------------------------------------------------------------------------ explain


@pytest.mark.parametrize("name", ["precv-outside-shard-map", "PRECV-OUTSIDE-SHARD-MAP", "shl001"])
def test_explain_takes_rule_names(tmp_path, name):
    """Breakage 8: `explain` did not take rule names."""
    p = run("explain", name, cwd=tmp_path)
    assert p.returncode == 0 and p.stdout.startswith("SHL001 precv-outside-shard-map")
