import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from collectives import OPS
from meshes import DATA_MESH as mesh


@dataclasses.dataclass(frozen=True)
class TPConfig:
  model_axis: str = "model"
  reduce: str = "sum"


def make_forward(cfg, device_mesh=mesh):
  reduce = OPS[cfg.reduce]

  def forward(w, x):
    partial_y = jnp.einsum("bf,fd->bd", x, w)
    return jax.nn.relu(reduce(partial_y, cfg.model_axis))

  sharded = jax.shard_map(
      forward, mesh=device_mesh,
      in_specs=(P(cfg.model_axis, None), P(None, cfg.model_axis)),
      out_specs=P())
  return jax.jit(sharded)
