import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from kernels.ring_gather import ring_all_gather


@dataclasses.dataclass
class Config:
  mesh_axes: tuple = ("fsdp",)
  ici_fsdp_parallelism: int = 4
  d_model: int = 128
  d_ff: int = 512


class FsdpMLP:
  """Weights are stored sharded over rows; each forward gathers them with the Pallas ring."""

  def __init__(self, cfg):
    self.cfg = cfg

  def gather(self, w_shard):
    n = self.cfg.ici_fsdp_parallelism
    full = ring_all_gather(w_shard, axis_name="fsdp", num_devices=n)
    return full.reshape(-1, w_shard.shape[-1])

  def __call__(self, params, x):
    w_in = self.gather(params["w_in"])
    w_out = self.gather(params["w_out"])
    return jax.nn.relu(x @ w_in) @ w_out


cfg = Config()
mesh = Mesh(np.array(jax.devices()).reshape(cfg.ici_fsdp_parallelism), cfg.mesh_axes)
mlp = FsdpMLP(cfg)

params = {
    "w_in": jax.ShapeDtypeStruct((cfg.d_model, cfg.d_ff), jnp.float32),
    "w_out": jax.ShapeDtypeStruct((cfg.d_ff, cfg.d_model), jnp.float32),
}
x = jax.ShapeDtypeStruct((32, cfg.d_model), jnp.float32)

forward = jax.shard_map(
    mlp, mesh=mesh,
    in_specs=({"w_in": P("fsdp"), "w_out": P("fsdp")}, P("fsdp")),
    out_specs=P("fsdp"), check_vma=False)

print(jax.jit(forward).trace(params, x).lower(lowering_platforms=("tpu",)).as_text()[:20])
