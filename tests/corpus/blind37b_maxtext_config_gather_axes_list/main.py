import dataclasses
import json
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, AxisType

RAW_CONFIG = json.loads("""
{"mesh_axes": ["fsdp", "tensor"],
 "ici_fsdp_parallelism": 4,
 "ici_tensor_parallelism": 1,
 "fsdp_axes": ["fsdp"],
 "emb_dim": 64,
 "mlp_dim": 128}
""")


@dataclasses.dataclass
class HyperParameters:
  mesh_axes: list
  ici_fsdp_parallelism: int
  ici_tensor_parallelism: int
  fsdp_axes: list
  emb_dim: int
  mlp_dim: int


config = HyperParameters(**RAW_CONFIG)
mesh = jax.make_mesh((config.ici_fsdp_parallelism, config.ici_tensor_parallelism),
                     tuple(config.mesh_axes), axis_types=(AxisType.Explicit,) * 2)


def mlp_fsdp(x, wi, wo):
  wi = jax.lax.all_gather(wi, config.fsdp_axes, axis=0, tiled=True)
  wo = jax.lax.all_gather(wo, config.fsdp_axes, axis=1, tiled=True)
  return jax.nn.gelu(x @ wi) @ wo


fsdp_mlp = jax.jit(jax.shard_map(
    mlp_fsdp, mesh=mesh,
    in_specs=(P('fsdp', None), P('fsdp', None), P(None, 'fsdp')),
    out_specs=P('fsdp', None)))

shard = lambda a, spec: jax.device_put(a, jax.NamedSharding(mesh, spec))
x = shard(jnp.ones((16, config.emb_dim)), P('fsdp', None))
wi = shard(jnp.ones((config.emb_dim, config.mlp_dim)), P('fsdp', None))
wo = shard(jnp.ones((config.mlp_dim, config.emb_dim)), P(None, 'fsdp'))
print(fsdp_mlp.trace(x, wi, wo).lower(lowering_platforms=('cuda',)).as_text()[:40])
