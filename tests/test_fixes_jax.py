"""Fixes judged by JAX. Every fixture of the JAX-truth corpus (tests/fixtures) is copied to a
temporary folder and fixed with `shardlint check --fix --unsafe-fixes`; then

- a fixture JAX rejected for an error a fix targets (FIXABLE_CODES) must now lower (real JAX,
  4 fake CPU devices, cross-platform lowering), except those listed in CANNOT_FIX, which must
  still fail (so that the list shrinks when the fixes learn them);
- a fixture JAX lowers must be left byte-for-byte unchanged.

The fix rates (over all rejected fixtures, and over those within reach) are printed at the end;
the second must be at least 90 %. The fixed copies' labels are committed under
tests/jaxtruth/fixlabels (a fixture's JAX version may have no interpreter on the machine that runs
the tests); `python tests/test_fixes_jax.py` fixes every rejected fixture, labels what is new and
deletes the labels no fixed copy has any more."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from jaxtruth.run import FIXLABELS, Fixture, discover, judged, label_path, run, run_all  # noqa: E402

pytestmark = pytest.mark.jax

FIXTURES = [f for f in discover() if judged(f)]
TARGET_RATE = 0.90

# A rejected fixture is within the fixes' reach when JAX's error is one a fix targets: its
# `# expect:` codes include one of these. The others (a received loop carry, a cyclic perm...)
# need the author's intent; they are measured, not asserted.
FIXABLE_CODES = {"SHL001", "SHL002", "SHL003", "SHL004", "SHL005", "SHL006", "SHL007", "SHL008", "SHL009",
                 "SHL010", "SHL012", "SHL020", "SHL021", "SHL023", "SHL026", "SHL103", "SHL104", "SHL105", "SHL106",
                 "SHL107", "SHL109", "SHL032", "SHL041", "SHL042", "SHL113"}

# Within reach, yet still failing after --fix --unsafe-fixes, with why. "program": the program
# cannot work as written whatever wraps it (it runs psend on CPU, needs an API the JAX version
# lacks, names an axis nothing binds); "scope": a scope error the fixes cannot repair yet. The
# rate that must reach TARGET_RATE leaves the "program" ones out.
_PROGRAM, _SCOPE = "program", "scope"
CANNOT_FIX: dict[str, tuple[str, str]] = {
    "mosaic/ring_eager.py": (_PROGRAM, "runs a TPU kernel eagerly on CPU"),
    "mosaic/shipped_all_gather_in_shard_map.py": (_PROGRAM, "the nested shard_map with a concrete mesh is JAX's "
                                                            "own all_gather kernel's, which no fix edits"),
    "versions/reshard_jax062.py": (_PROGRAM, "JAX 0.6 has no jax.sharding.reshard, under any spelling"),
    "scope/precv_eager.py": (_PROGRAM, "runs precv eagerly on CPU (GPU only)"),
    "scope/sendrecv_eager.py": (_PROGRAM, "runs psend eagerly on CPU (GPU only)"),
    "scope/sendrecv_jit_call.py": (_PROGRAM, "compiles psend for CPU (GPU only)"),
    "scope/sendrecv_jit_lower_default.py": (_PROGRAM, "lowers psend for the default (CPU) backend"),
    "protocol/sendrecv_index_out_of_range.py": (_PROGRAM, "its only perm pair lies outside the axis: no pair "
                                                          "is left to keep"),
    "protocol/sendrecv_out_of_range_2d_mesh.py": (_PROGRAM, "its only perm pair lies outside the axis: no "
                                                            "pair is left to keep"),
    "scope/precv_vmap_axis_name.py": (_PROGRAM, "precv under vmap: JAX has no batching rule for it"),
    "scope/psend_vmap_partial_perm.py": (_PROGRAM, "psend under vmap with a partial perm"),
    "scope/sendrecv_post_shard_map.py": (_SCOPE, "psend and precv written apart in a function that already "
                                                 "runs a shard_map over the axis: a wrap of the function nests "
                                                 "one in the other, one of each call splits the pair"),
    "protocol/ppermute_negative_index_repeats.py": (_SCOPE, "two pairs send to device 3 (one as -1): which one "
                                                            "was meant is the author's intent"),
    "mosaic/arity_two_ids_1d_mesh.py": (_SCOPE, "two ids for a 1-D mesh: which one addresses the axis "
                                                "is the author's intent"),
    "scope/nnx_split_model_optimizer_model_shardings.py": (_SCOPE, "shardings read off the model's state for the "
                                                                 "state of (model, optimizer): no fix reads them "
                                                                 "off the state the step is given"),
    "scope/nnx_vmap_partition_name_not_in_mesh.py": (_SCOPE, "the axis comes from nnx.vmap's transform_metadata "
                                                             "(a module constant): no fix rewrites it"),
    "scope/linen_logical_specs_as_in_specs.py": (_SCOPE, "the logical specs would need the model's axis rules, "
                                                         "which the program does not say"),
    "scope/jit_out_shardings_order.py": (_SCOPE, "out_shardings in another order than the outputs: which "
                                                  "order is meant is the author's (the fix fills a short "
                                                  "in_shardings)"),
    "scope/jit_in_shardings_kwargs.py": (_SCOPE, "keyword arguments with in_shardings: no fix moves them to "
                                                 "positions yet"),
    "scope/jit_in_shardings_committed.py": (_SCOPE, "an argument placed otherwise than in_shardings say: which "
                                                    "of the two is meant is the author's"),
    "scope/linen_logical_specs_as_named_shardings.py": (_SCOPE, "the rules that map the logical specs are entered "
                                                                "after the shardings are made: no fix moves them"),
    "scope/linen_batchnorm_init_out_shardings_params_only.py": (_SCOPE, "a collection the shardings leave out "
                                                                        "(batch_stats): how to place it is the "
                                                                        "program's choice"),
    "scope/linen_logical_specs_of_shard_map_init_as_out_specs.py": (_SCOPE, "logical specs read off a shard_mapped "
                                                                            "init: mapping them takes axis rules, "
                                                                            "which no fix picks"),
    "scope/pmap_grads_psum_after_the_pmap.py": (_SCOPE, "a psum after the pmap returns: a shard_map around the step "
                                                        "would hold the pmap, which JAX rejects; the psum belongs "
                                                        "in the pmapped function, which no fix moves it into"),
    "scope/linen_trainstate_params_given_variables_shardings.py": (_SCOPE, "a train state's params given the whole "
                                                                           "variables' shardings: no fix takes their "
                                                                           "'params' subtree yet"),
    "scope/nnx_with_metadata_logical_names_no_rules.py": (_SCOPE, "logical names with no rules entered: mapping "
                                                                  "them takes axis rules, which no fix picks"),
}


def within_reach(fx: Fixture) -> bool:
    return bool({code for _, _, code in fx.expected()} & FIXABLE_CODES)


_RESULTS: dict[str, bool] = {}  # id of a rejected fixture -> lowers after the fix


@pytest.fixture(scope="module")
def outcomes(request):
    pytest.importorskip("jax")
    yield run_all(FIXTURES)
    if _RESULTS:
        fixed = sum(_RESULTS.values())
        by_id = {f.id: f for f in FIXTURES}
        reach = {k: v for k, v in _RESULTS.items() if within_reach(by_id[k])}
        line = (f"fixes judged by JAX: {fixed}/{len(_RESULTS)} rejected fixtures lower after "
                f"--fix --unsafe-fixes ({fixed / len(_RESULTS):.1%}); within the fixes' reach: "
                f"{sum(reach.values())}/{len(reach)} ({sum(reach.values()) / max(len(reach), 1):.1%})")
        reporter = request.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_sep("-", line)


def _toml_value(v: str) -> str:
    return v if v.startswith(("[", '"')) or v in ("true", "false") or v.isdigit() else f'"{v}"'


def fixed_copy(fx: Fixture, tmp: Path) -> tuple[Fixture, subprocess.CompletedProcess]:
    """A copy of the fixture in `tmp`, fixed by the CLI with the fixture's configuration."""
    if fx.path.is_dir():
        target = tmp / fx.path.name
        shutil.copytree(fx.path, target, ignore=shutil.ignore_patterns("__pycache__"))
        work = target
    else:
        target = tmp / fx.path.name
        shutil.copy2(fx.path, target)
        work = tmp
    table = dict(fx.config_table())
    if fx.jax_version() and "jax-version" not in table:
        table["jax-version"] = fx.jax_version()
    lines = ["[tool.shardlint]"] + [f"{k} = {_toml_value(v)}" for k, v in table.items()]
    (work / "pyproject.toml").write_text("\n".join(lines) + "\n")
    proc = subprocess.run([sys.executable, "-m", "shardlint.server.cli", "check", "--fix", "--unsafe-fixes",
                           "--no-cache", "."], cwd=work, capture_output=True, text=True, timeout=300)
    assert proc.returncode in (0, 1), proc.stderr
    return Fixture(target), proc


def _snapshot(fx: Fixture) -> dict[str, bytes]:
    return {p.relative_to(fx.root).as_posix(): p.read_bytes() for p in fx.files()}


@pytest.mark.parametrize("fx", FIXTURES, ids=[f.id for f in FIXTURES])
def test_fix_judged_by_jax(fx, outcomes, tmp_path):
    before = outcomes[fx.id]
    fixed, proc = fixed_copy(fx, tmp_path)
    if before.ok:
        assert _snapshot(fixed) == {k: v for k, v in _snapshot(Fixture(fx.path)).items()}, (
            f"JAX lowers {fx.id}, yet --fix changed it:\n{proc.stdout}")
        return
    after = run(fixed, labels=FIXLABELS)
    _RESULTS[fx.id] = after.ok
    if not within_reach(fx):
        return
    if fx.id in CANNOT_FIX:
        assert not after.ok, f"{fx.id} lowers after the fix now: take it off CANNOT_FIX"
        return
    assert after.ok, (f"JAX rejected {fx.id} ({before.type}: {before.message}); after the fix: "
                      f"{after.type}: {after.message} at {after.blamed}\n{proc.stdout}\n"
                      + "".join((fixed.root / f).read_text() for f in _snapshot(fixed)))


def test_fix_rate(outcomes):
    """At least TARGET_RATE of the rejected fixtures within reach, but for those that cannot
    work as written, lower after the fix."""
    reach = [f.id for f in FIXTURES if not outcomes[f.id].ok and within_reach(f)
             and CANNOT_FIX.get(f.id, (None,))[0] != _PROGRAM]
    assert reach, "the corpus has no fixture JAX rejects for a scope error"
    unfixed = [i for i in reach if i in CANNOT_FIX]
    assert 1 - len(unfixed) / len(reach) >= TARGET_RATE, f"cannot fix {unfixed} of {len(reach)}"


def main() -> int:
    outcomes = run_all(FIXTURES)
    rejected = [f for f in FIXTURES if not outcomes[f.id].ok]
    with tempfile.TemporaryDirectory() as tmp:
        def judge(fx: Fixture) -> tuple[str, bool]:
            work = Path(tmp) / fx.id.replace("/", "__")
            work.mkdir()
            fixed, _ = fixed_copy(fx, work)
            return label_path(fixed, FIXLABELS).name, run(fixed, labels=FIXLABELS).ok

        with ThreadPoolExecutor(2) as pool:
            results = list(pool.map(judge, rejected))
    used = {name for name, _ in results}
    stale = [p for p in FIXLABELS.glob("*.json") if p.name not in used]
    for p in stale:
        p.unlink()
    print(f"{sum(ok for _, ok in results)}/{len(results)} rejected fixtures lower after the fix; "
          f"{len(stale)} stale labels deleted")
    return 0


if __name__ == "__main__":
    sys.exit(main())
