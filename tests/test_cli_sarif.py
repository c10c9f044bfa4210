"""SARIF 2.1.0 through the console script, validated against the OASIS schema (tests/data) with
the URI formats checked too (`rfc3986-validator`): any path, relative URIs with a uriBaseId,
codeFlows for the entry point → call path, fixes."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from urllib.parse import unquote

import jsonschema
import pytest

from test_cli import SARIF_SCHEMA, copy_example, jit_pair, run, write

NASTY = ["with space", "hash#name", "per%cent", "ünïcode", "q?mark", "semi;colon [b]"]


@pytest.fixture(scope="module")
def validator():
    schema = json.loads(SARIF_SCHEMA.read_text())
    assert schema["id"].endswith("/sarif-schema-2.1.0.json")
    checker = jsonschema.FormatChecker()
    # Without a URI checker the schema's `uri` / `uri-reference` formats would pass anything.
    assert {"uri", "uri-reference"} <= set(checker.checkers)
    assert not checker.conforms("a b.py", "uri-reference")
    return jsonschema.Draft4Validator(schema, format_checker=checker)


def sarif(*args: str, cwd: Path) -> dict:
    p = run("check", "--no-cache", "--format", "sarif", *args, cwd=cwd)
    assert p.returncode in (0, 1), p.stderr
    return json.loads(p.stdout)


def assert_valid(validator, log: dict) -> None:
    errors = sorted(validator.iter_errors(log), key=lambda e: list(e.path))
    assert not errors, [f"{list(e.path)}: {e.message}" for e in errors]


def artifact_uris(log: dict) -> list[dict]:
    out = []
    for res in log["runs"][0]["results"]:
        locs = [res["locations"][0]] + res.get("relatedLocations", [])
        for flow in res.get("codeFlows", []):
            locs += [s["location"] for s in flow["threadFlows"][0]["locations"]]
        out += [loc["physicalLocation"]["artifactLocation"] for loc in locs]
        for fix in res.get("fixes", []):
            out += [c["artifactLocation"] for c in fix["artifactChanges"]]
    return out


@pytest.mark.parametrize("folder", NASTY)
def test_any_path_gives_a_valid_log(tmp_path, validator, folder):
    """Breakage 5: a space or `#` in a path gave an invalid `uri` (not percent-encoded)."""
    write(tmp_path, {f"{folder}/pkg {folder}.py": jit_pair()})
    log = sarif(".", cwd=tmp_path)
    assert_valid(validator, log)
    (run_,) = log["runs"]
    base = run_["originalUriBaseIds"]["%SRCROOT%"]["uri"]
    assert base == tmp_path.as_uri() + "/"
    locs = artifact_uris(log)
    assert locs and all(loc["uriBaseId"] == "%SRCROOT%" for loc in locs)
    assert {unquote(loc["uri"]) for loc in locs} == {f"{folder}/pkg {folder}.py"}
    # Absolute paths outside the base: file URIs, no base.
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    log2 = sarif(str(tmp_path / folder), cwd=outside)
    assert_valid(validator, log2)
    assert {loc["uri"] for loc in artifact_uris(log2)} == {(tmp_path / folder / f"pkg {folder}.py").as_uri()}
    assert all("uriBaseId" not in loc for loc in artifact_uris(log2))


def test_in_a_repository_uris_start_at_its_root(tmp_path, validator):
    """GitHub code scanning resolves relative URIs against the checkout: a project in a
    subfolder of the repository must still name its files from the repository root."""
    root = tmp_path / "repo"
    copy_example(root / "ml")
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    for cwd, arg in ((root, "ml"), (root / "ml", ".")):
        log = sarif(arg, cwd=cwd)
        assert_valid(validator, log)
        assert log["runs"][0]["originalUriBaseIds"]["%SRCROOT%"]["uri"] == root.as_uri() + "/"
        first = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
        assert first == {"uri": "ml/pipeline/stages.py", "uriBaseId": "%SRCROOT%"}


def test_code_flow_fixes_and_rules(tmp_path, validator):
    """Breakage 5: the call path from the entry point was in relatedLocations only."""
    root = copy_example(tmp_path / "example")
    log = sarif(cwd=root)
    assert_valid(validator, log)
    (run_,) = log["runs"]
    rules = run_["tool"]["driver"]["rules"]
    assert all(r["helpUri"].startswith("https://") for r in rules)
    psend = next(r for r in run_["results"] if r["ruleId"] == "SHL002")
    (flow,) = psend["codeFlows"]
    steps = flow["threadFlows"][0]["locations"]
    where = [(s["location"]["physicalLocation"]["artifactLocation"]["uri"],
              s["location"]["physicalLocation"]["region"]["startLine"]) for s in steps]
    # entry point, the jitted call, forward_stage, shift_right, then the psend itself; the
    # "jit applied here" annotation is no step.
    assert where == [("train.py", 41), ("train.py", 41), ("train.py", 14), ("pipeline/stages.py", 16),
                     ("pipeline/stages.py", 10)]
    assert steps[0]["location"]["message"]["text"].startswith("entry point")
    assert any(r["message"]["text"] == "jit applied here" for r in psend["relatedLocations"])
    # The fix --unsafe-fixes applies: the wrap, in train.py (another file than the result's).
    (fix,) = psend["fixes"]
    assert "Wrap in jax.shard_map" in fix["description"]["text"] and "unsafe" in fix["description"]["text"]
    changed = {c["artifactLocation"]["uri"] for c in fix["artifactChanges"]}
    assert changed == {"train.py"}
    js = json.loads(run("check", "--no-cache", "--format", "json", cwd=root).stdout)
    edits = next(d for d in js if d["code"] == "SHL002")["fix"]["edits"]
    replacements = [r for c in fix["artifactChanges"] for r in c["replacements"]]
    assert [(r["deletedRegion"]["startLine"], r["deletedRegion"]["startColumn"], r["insertedContent"]["text"])
            for r in replacements] == [(e["line"], e["column"], e["new_text"]) for e in edits]


def test_output_file_holds_the_log(tmp_path, validator):
    write(tmp_path, {"bad.py": jit_pair()})
    p = run("check", "--no-cache", "--format", "sarif", "--output-file", "out/shardlint.sarif", ".", cwd=tmp_path)
    assert p.returncode == 2 and "out/shardlint.sarif" in p.stderr  # no such folder: a clear error
    p = run("check", "--no-cache", "--format", "sarif", "-o", "shardlint.sarif", ".", cwd=tmp_path)
    assert p.returncode == 1 and p.stdout == ""
    log = json.loads((tmp_path / "shardlint.sarif").read_text())
    assert_valid(validator, log)
    assert len(log["runs"][0]["results"]) == 2
    assert not os.path.exists(tmp_path / "shardlint.sarif.tmp")
