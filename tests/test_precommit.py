"""The pre-commit hook, with the real `pre-commit` in a throwaway repository: the hook of this
source tree (.pre-commit-hooks.yaml) is installed by pre-commit from a git copy of it, and a
commit that stages only a library file is blocked by the entry point that reaches it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from test_cli import copy_example

ROOT = Path(__file__).resolve().parent.parent
PRE_COMMIT = Path(sys.executable).with_name("pre-commit")
GIT_ENV = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@example.com", "GIT_CONFIG_NOSYSTEM": "1"}

pytestmark = pytest.mark.slow


def git(*args: str, cwd: Path, env: dict, check: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run(["git", *args], cwd=cwd, env=env, capture_output=True, text=True, check=check,
                          timeout=600)


@pytest.fixture(scope="module")
def hooked(tmp_path_factory):
    """(user repository with the hook installed, env). The hook repository is a git copy of this
    source tree, so the hook under test is the one in the working tree."""
    if not PRE_COMMIT.is_file():
        pytest.skip("pre-commit is not installed (pip install -e '.[test]')")
    base = tmp_path_factory.mktemp("precommit")
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("GIT_")}, **GIT_ENV,
           "HOME": str(base), "PRE_COMMIT_HOME": str(base / "cache")}
    hook = base / "hook"
    hook.mkdir()
    for name in ("pyproject.toml", "README.md", ".pre-commit-hooks.yaml"):
        shutil.copy(ROOT / name, hook / name)
    for pkg in ("analysis", "server"):
        shutil.copytree(ROOT / pkg, hook / pkg, ignore=shutil.ignore_patterns("__pycache__"))
    git("init", "-q", cwd=hook, env=env)
    git("add", ".", cwd=hook, env=env)
    git("commit", "-q", "-m", "hook", cwd=hook, env=env)
    rev = git("rev-parse", "HEAD", cwd=hook, env=env).stdout.strip()

    repo = copy_example(base / "repo")
    stages = repo / "pipeline" / "stages.py"
    buggy = stages.read_text()
    # The first commit has a stage that sends with ppermute: nothing to report.
    stages.write_text(buggy.replace("token = lax.psend(x, axis, RING)\n    return lax.precv(token, "
                                    "jax.ShapeDtypeStruct(x.shape, x.dtype), axis, RING)",
                                    "return lax.ppermute(x, axis, RING)"))
    (repo / ".gitignore").write_text(".shardlint_cache/\n")
    (repo / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {hook}\n    rev: {rev}\n    hooks:\n      - id: shardlint\n")
    git("init", "-q", cwd=repo, env=env)
    git("add", ".", cwd=repo, env=env)
    git("commit", "-q", "-m", "start", cwd=repo, env=env)
    inst = subprocess.run([str(PRE_COMMIT), "install", "--install-hooks"], cwd=repo, env=env,
                          capture_output=True, text=True, timeout=900)
    assert inst.returncode == 0, inst.stdout + inst.stderr
    return repo, env, buggy


def test_staging_only_the_library_file_is_blocked(hooked):
    """Breakage 1 in pre-commit: the staged file has the psend, the entry point that reaches it
    (train.py) is not staged."""
    repo, env, buggy = hooked
    (repo / "pipeline" / "stages.py").write_text(buggy)
    git("add", "pipeline/stages.py", cwd=repo, env=env)
    staged = git("diff", "--cached", "--name-only", cwd=repo, env=env).stdout.split()
    assert staged == ["pipeline/stages.py"]
    p = git("commit", "-m", "psend", cwd=repo, env=env, check=False)
    out = p.stdout + p.stderr
    assert p.returncode != 0, out
    assert "pipeline/stages.py:10:13: SHL002" in out and "train.py:41:5: entry point" in out
    assert git("log", "--oneline", cwd=repo, env=env).stdout.count("\n") == 1  # nothing committed
    git("reset", "-q", "HEAD", "pipeline/stages.py", cwd=repo, env=env)
    git("checkout", "pipeline/stages.py", cwd=repo, env=env)


def test_a_clean_staged_file_passes(hooked):
    repo, env, _ = hooked
    (repo / "tools").mkdir(exist_ok=True)
    (repo / "tools" / "report.py").write_text("import json\n\n\ndef report(x):\n    return json.dumps(x)\n")
    git("add", "tools/report.py", cwd=repo, env=env)
    p = git("commit", "-m", "tool", cwd=repo, env=env, check=False)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "shardlint" in p.stdout + p.stderr and "Passed" in p.stdout + p.stderr
