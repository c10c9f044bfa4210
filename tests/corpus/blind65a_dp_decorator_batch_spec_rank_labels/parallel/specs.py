import dataclasses

from jax.sharding import PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class ParallelConfig:
  dp: str = "batch"


def batch_spec(cfg):
  """Spec for per-example arrays: split the leading (example) dim over dp."""
  return P(cfg.dp, None)
