"""The engine never raises on real code cut anywhere: every line-prefix of 20 real files from the
installed jax package (kernels, shard_map users, Pallas front ends; 25 to ~390 lines), plus the
hand-made oddities under tests/robustness/, analysed with no exception."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from shardlint.analysis.check import analyze_sources
from shardlint.analysis.config import Config
from shardlint.analysis.source import parse_text

HERE = Path(__file__).parent / "robustness"

# Paths inside the jax package (as of jax 0.10.2): each mentions shard_map, a collective or
# pallas_call; sizes spread from 25 to ~390 lines.
JAX_FILES = [
    "experimental/pallas/ops/tpu/example_kernel.py",
    "experimental/shard_map.py",
    "experimental/pallas/ops/tpu/matmul.py",
    "_src/internal_test_util/export_back_compat_test_data/tpu_Sharding.py",
    "experimental/pallas/ops/gpu/softmax.py",
    "experimental/pallas/__init__.py",
    "experimental/pallas/ops/tpu/random/threefry.py",
    "_src/pallas/mosaic/interpret/thread_map.py",
    "experimental/pallas/tpu.py",
    "experimental/pallas/ops/tpu/all_gather.py",
    "_src/pallas/mosaic_gpu/pallas_call_registration.py",
    "experimental/pallas/ops/tpu/random/philox.py",
    "_src/pallas/triton/pallas_call_registration.py",
    "experimental/pallas/ops/gpu/all_gather_mgpu.py",
    "experimental/pallas/ops/gpu/reduce_scatter_mgpu.py",
    "experimental/pallas/ops/gpu/collective_matmul_mgpu.py",
    "experimental/pallas/ops/gpu/rms_norm.py",
    "_src/lax/__init__.py",
    "experimental/roofline/roofline.py",
    "_src/error_check.py",
]


def _jax_root() -> Path | None:
    spec = importlib.util.find_spec("jax")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(list(spec.submodule_search_locations)[0])


def _sources() -> list[tuple[str, str]]:
    out = [(p.name, p.read_text()) for p in sorted(HERE.glob("*.py"))]
    root = _jax_root()
    if root is not None:
        out += [(f"jax/{rel}", (root / rel).read_text()) for rel in JAX_FILES if (root / rel).is_file()]
    return out


SOURCES = _sources()


def test_enough_real_files():
    if _jax_root() is None:
        pytest.skip("jax is not installed: no real files to cut")
    real = [name for name, _ in SOURCES if name.startswith("jax/")]
    assert len(real) >= 18, f"only {len(real)} of the listed jax files exist in this jax"


def _analyze_prefixes(name: str, text: str, config: Config, tmp: Path) -> int:
    lines = text.splitlines(keepends=True)
    path = str(tmp / Path(name).name)
    analysed = 0
    for k in range(1, len(lines) + 1):
        prefix = "".join(lines[:k])
        sf = parse_text(path, prefix)
        try:
            diags = analyze_sources({path: sf}, config, [tmp])
        except Exception as e:  # pragma: no cover - the failure report
            raise AssertionError(f"{name}: the first {k} lines raise {type(e).__name__}: {e}") from e
        for d in diags:
            assert 1 <= d.line <= max(k, 1) and d.column >= 1, (name, k, d)
        if sf.syntax_error:
            assert [d.code for d in diags] == ["SHL000"], (name, k, diags)
        analysed += 1
    return analysed


@pytest.mark.parametrize("name, text", SOURCES, ids=[n for n, _ in SOURCES])
def test_every_line_prefix_analyses(name, text, tmp_path):
    n = _analyze_prefixes(name, text, Config(root=tmp_path, jax_version="0.10.2"), tmp_path)
    assert n == len(text.splitlines())


@pytest.mark.parametrize("version, backend", [("0.6.2", "tpu"), ("0.7.2", "cpu")])
def test_whole_files_under_other_targets(version, backend, tmp_path):
    config = Config(root=tmp_path, jax_version=version, backend=backend)
    files = {str(tmp_path / f"m{i}.py"): parse_text(str(tmp_path / f"m{i}.py"), text)
             for i, (_, text) in enumerate(SOURCES)}
    analyze_sources(files, config, [tmp_path])
