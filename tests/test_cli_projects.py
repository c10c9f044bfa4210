"""`shardlint check` over projects, through the console script: changed-file runs analyse the
whole project and report what is in (or reached through) the given files; every path gets the
config of its own project; excludes follow gitignore and `.gitignore` is respected."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from test_cli import CLEAN, SHARD_MAP_PAIR, check_json, codes, example, jit_pair, run, write  # noqa: F401

# A helper module reached only through an entry point in another file.
HELPER = 'import jax\n\n\ndef send(v):\n    return jax.lax.psend(v, "x", [(0, 1)])\n'
MAIN = "import jax\nimport jax.numpy as jnp\nfrom helpers import send\n\nout = jax.jit(send)(jnp.ones(4))\n"


# ------------------------------------------------------------------------ changed-file runs


def test_a_library_file_alone_is_judged_by_the_entry_point_that_reaches_it(example):
    """Breakage 1: `check pipeline/stages.py` said "All checks passed." because train.py, the
    entry point that reaches the psend, was not among the given files."""
    rc, diags = check_json("--no-cache", "pipeline/stages.py", cwd=example)
    assert rc == 1
    assert codes(diags) == [("stages.py", 10, "SHL002"), ("stages.py", 11, "SHL001")]
    assert {d["path"] for d in diags} == {os.path.join("pipeline", "stages.py")}
    assert any(r["path"] == "train.py" for r in diags[0]["related"])
    # The same verdicts as the whole project (whose train.ipynb has its own), cached or not.
    _, whole = check_json("--no-cache", cwd=example)
    assert diags == [d for d in whole if d["path"] != "train.ipynb"]
    assert check_json("pipeline/stages.py", cwd=example) == (1, diags)


def test_an_entry_point_file_reports_what_its_call_path_reaches(example):
    _, diags = check_json("--no-cache", "train.py", cwd=example)
    assert codes(diags) == [("stages.py", 10, "SHL002"), ("stages.py", 11, "SHL001")]


def test_a_file_no_call_path_passes_through_reports_nothing(example):
    write(example, {"tools/clean.py": CLEAN})
    rc, diags = check_json("--no-cache", "tools/clean.py", cwd=example)
    assert (rc, diags) == (0, [])


def test_changed_files_from_another_folder_keep_their_paths(example, tmp_path):
    _, diags = check_json("--no-cache", "example/pipeline/stages.py", cwd=tmp_path)
    assert {d["path"] for d in diags} == {os.path.join("example", "pipeline", "stages.py")}
    assert {r["path"] for r in diags[0]["related"]} == {os.path.join("example", "train.py"),
                                                          os.path.join("example", "pipeline", "stages.py")}


def test_a_repository_without_config_is_one_project(tmp_path):
    write(tmp_path, {"helpers.py": HELPER, "main.py": MAIN, "README.md": "x\n"})
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    rc, diags = check_json("--no-cache", "helpers.py", cwd=tmp_path)
    assert codes(diags) == [("helpers.py", 5, "SHL002")]


def test_outside_any_project_the_given_files_are_all_there_is(tmp_path):
    """No config, no pyproject, no repository: nothing tells where the project ends, so the
    given paths are analysed alone (a home folder is never crawled)."""
    write(tmp_path, {"helpers.py": HELPER, "main.py": MAIN})
    assert check_json("--no-cache", "helpers.py", cwd=tmp_path) == (0, [])
    _, both = check_json("--no-cache", "helpers.py", "main.py", cwd=tmp_path)
    assert codes(both) == [("helpers.py", 5, "SHL002")]


# ---------------------------------------------------------------------- a config per path


def two_projects(tmp_path: Path) -> None:
    write(tmp_path, {
        "tpu/pyproject.toml": '[tool.shardlint]\nbackend = "tpu"\n', "tpu/sm.py": SHARD_MAP_PAIR,
        "gpu/pyproject.toml": '[tool.shardlint]\nbackend = "gpu"\n', "gpu/sm.py": SHARD_MAP_PAIR,
    })


@pytest.mark.parametrize("order", [("tpu", "gpu"), ("gpu", "tpu")])
def test_each_path_is_checked_under_its_own_config(tmp_path, order):
    """Breakage 2: the config of the first path applied to all of them."""
    two_projects(tmp_path)
    _, diags = check_json("--no-cache", *order, cwd=tmp_path)
    assert {d["path"] for d in diags} == {os.path.join("tpu", "sm.py")}
    assert {d["code"] for d in diags} == {"SHL007"}
    # Each project keeps its own cache.
    check_json(*order, cwd=tmp_path)
    assert (tmp_path / "tpu" / ".shardlint_cache").is_dir() and (tmp_path / "gpu" / ".shardlint_cache").is_dir()


def test_a_folder_holding_several_projects_checks_each_under_its_config(tmp_path):
    two_projects(tmp_path)
    _, diags = check_json("--no-cache", ".", cwd=tmp_path)
    assert {d["path"] for d in diags} == {os.path.join("tpu", "sm.py")}


def test_a_nested_project_is_not_also_checked_under_the_outer_config(tmp_path):
    write(tmp_path, {"pyproject.toml": '[tool.shardlint]\nbackend = "tpu"\n', "sm.py": SHARD_MAP_PAIR,
                     "sub/shardlint.toml": 'backend = "gpu"\n', "sub/sm.py": SHARD_MAP_PAIR})
    _, diags = check_json("--no-cache", ".", cwd=tmp_path)
    assert {(d["path"], d["code"]) for d in diags} == {("sm.py", "SHL007")}


def test_config_flag_applies_to_every_path(tmp_path):
    two_projects(tmp_path)
    write(tmp_path, {"all.toml": '[tool.shardlint]\nbackend = "cpu"\n'})
    _, diags = check_json("--no-cache", "--config", "all.toml", "tpu", "gpu", cwd=tmp_path)
    assert {d["path"] for d in diags} == {os.path.join("tpu", "sm.py"), os.path.join("gpu", "sm.py")}
    assert "cpu" in diags[0]["message"]


@pytest.mark.parametrize("name, text", [
    ("shardlint.toml", 'backend = "tpu"\n'),
    (".shardlint.toml", 'backend = "tpu"\n'),
    ("shardlint.toml", '[tool.shardlint]\nbackend = "tpu"\n'),
])
def test_shardlint_toml_configures_its_folder(tmp_path, name, text):
    write(tmp_path, {name: text, "pyproject.toml": '[project]\nname = "x"\n', "pkg/sm.py": SHARD_MAP_PAIR})
    _, diags = check_json("--no-cache", "pkg/sm.py", cwd=tmp_path)
    assert {d["code"] for d in diags} == {"SHL007"}


def test_per_file_ignores(tmp_path):
    write(tmp_path, {
        "pyproject.toml": '[tool.shardlint.per-file-ignores]\n"legacy/**" = ["SHL00"]\n'
                          '"!src/**" = ["SHL001"]\n',
        "legacy/bad.py": jit_pair(), "src/bad.py": jit_pair(), "other/bad.py": jit_pair(),
    })
    _, diags = check_json("--no-cache", cwd=tmp_path)
    assert codes(diags) == [("bad.py", 7, "SHL002"), ("bad.py", 7, "SHL002"), ("bad.py", 8, "SHL001")]
    assert {d["path"] for d in diags if d["code"] == "SHL001"} == {os.path.join("src", "bad.py")}
    assert {d["path"] for d in diags} == {os.path.join("src", "bad.py"), os.path.join("other", "bad.py")}


# ------------------------------------------------------------------- excludes, .gitignore


def test_exclude_patterns_have_gitignore_semantics(tmp_path):
    """Breakage 7: `**/gen` missed a top-level gen/ (fnmatch, not gitignore)."""
    write(tmp_path, {"pyproject.toml": '[tool.shardlint]\nexclude = ["**/gen", "/build", "*_pb2.py"]\n',
                     "gen/bad.py": jit_pair(), "src/gen/bad.py": jit_pair(), "build/bad.py": jit_pair(),
                     "src/build/bad.py": jit_pair(), "src/x_pb2.py": jit_pair(), "src/bad.py": jit_pair()})
    _, diags = check_json("--no-cache", cwd=tmp_path)
    assert {d["path"] for d in diags} == {os.path.join("src", "bad.py"), os.path.join("src", "build", "bad.py")}


def gitrepo(root: Path, files: dict) -> Path:
    write(root, files)
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    return root


def test_gitignored_folders_are_not_checked(tmp_path):
    gitrepo(tmp_path, {".gitignore": "out/\n*.gen.py\n!keep.gen.py\n", "sub/.gitignore": "local.py\n",
                       "out/bad.py": jit_pair(), "a.gen.py": jit_pair(), "keep.gen.py": jit_pair(),
                       "sub/local.py": jit_pair(), "local.py": jit_pair(), "src/bad.py": jit_pair()})
    (tmp_path / ".git" / "info").mkdir(exist_ok=True)
    (tmp_path / ".git" / "info" / "exclude").write_text("src/\n")
    _, diags = check_json("--no-cache", cwd=tmp_path)
    assert {d["path"] for d in diags} == {"keep.gen.py", "local.py"}


def test_respect_gitignore_false_checks_them(tmp_path):
    gitrepo(tmp_path, {".gitignore": "out/\n", "out/bad.py": jit_pair(),
                       "pyproject.toml": "[tool.shardlint]\nrespect-gitignore = false\n"})
    _, diags = check_json("--no-cache", cwd=tmp_path)
    assert {d["path"] for d in diags} == {os.path.join("out", "bad.py")}


def test_gitignore_outside_a_repository_means_nothing(tmp_path):
    write(tmp_path, {".gitignore": "out/\n", "out/bad.py": jit_pair()})
    _, diags = check_json("--no-cache", cwd=tmp_path)
    assert {d["path"] for d in diags} == {os.path.join("out", "bad.py")}


def test_a_file_named_explicitly_is_checked_unless_force_exclude(tmp_path):
    gitrepo(tmp_path, {"pyproject.toml": '[tool.shardlint]\nexclude = ["gen/"]\n', "gen/bad.py": jit_pair(),
                       ".gitignore": "out/\n", "out/bad.py": jit_pair()})
    _, named = check_json("--no-cache", "gen/bad.py", "out/bad.py", cwd=tmp_path)
    assert {d["path"] for d in named} == {os.path.join("gen", "bad.py"), os.path.join("out", "bad.py")}
    assert check_json("--no-cache", "--force-exclude", "gen/bad.py", "out/bad.py", cwd=tmp_path) == (0, [])


def test_linked_files_are_checked_and_linked_folders_are_not_entered(tmp_path):
    """As os.walk walks: a linked file is checked (as the file it links to, shown where it was
    found), a linked folder is listed but not entered."""
    write(tmp_path, {"real/bad.py": jit_pair(), "elsewhere/far.py": jit_pair(), "folder/inside.py": jit_pair()})
    os.symlink(tmp_path / "elsewhere" / "far.py", tmp_path / "real" / "link.py")
    os.symlink(tmp_path / "folder", tmp_path / "real" / "linked")
    _, diags = check_json("--no-cache", "real", cwd=tmp_path)
    assert {d["path"] for d in diags} == {os.path.join("real", "bad.py"), os.path.join("real", "link.py")}


# ----------------------------------------------------------------- configuration problems


def test_a_python_that_does_not_exist_exits_2(tmp_path):
    """Breakage 8: `python = "/no/such/python"` was accepted silently."""
    write(tmp_path, {"pyproject.toml": '[tool.shardlint]\npython = "/no/such/python"\n', "bad.py": jit_pair()})
    p = run("check", "--no-cache", ".", cwd=tmp_path)
    assert p.returncode == 2 and p.stdout == ""
    assert "tool.shardlint.python" in p.stderr and "/no/such/python" in p.stderr
    assert len(p.stderr.splitlines()) == 1
    flag = run("check", "--no-cache", "--python", "nowhere/python", "bad.py", cwd=tmp_path)
    assert flag.returncode == 2 and str(tmp_path / "nowhere" / "python") in flag.stderr


def test_a_relative_python_is_found_from_the_project_root(tmp_path):
    write(tmp_path, {"pyproject.toml": '[tool.shardlint]\npython = "venv/bin/python"\n', "pkg/bad.py": jit_pair()})
    (tmp_path / "venv" / "bin").mkdir(parents=True)
    os.symlink(shutil.which("python3"), tmp_path / "venv" / "bin" / "python")
    rc, diags = check_json("--no-cache", "bad.py", cwd=tmp_path / "pkg")
    assert rc == 1 and codes(diags) == [("bad.py", 7, "SHL002"), ("bad.py", 8, "SHL001")]


@pytest.mark.parametrize("table, key", [
    ('respect-gitignore = "yes"\n', "respect-gitignore"),
    ('[tool.shardlint.per-file-ignores]\n"tests/**" = ["XYZ1"]\n', "per-file-ignores"),
    ('[tool.shardlint.per-file-ignores]\n"tests/**" = 3\n', "per-file-ignores"),
])
def test_bad_new_keys_exit_2_naming_them(tmp_path, table, key):
    head = "" if table.startswith("[") else "[tool.shardlint]\n"
    write(tmp_path, {"pyproject.toml": head + table, "bad.py": jit_pair()})
    p = run("check", "--no-cache", ".", cwd=tmp_path)
    assert p.returncode == 2 and key in p.stderr, p.stderr
