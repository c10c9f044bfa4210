import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from config import Axes, BlockConfig
from model import build
from sharding import tp_specs

axes = Axes()
cfg = BlockConfig()
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), (axes.data, axes.model))

params, static = eqx.partition(build(cfg, axes), eqx.is_array)


def apply(params, x):
  net = eqx.combine(params, static)
  return jax.vmap(net)(x)


apply = jax.jit(jax.shard_map(apply, mesh=mesh,
                              in_specs=(tp_specs(params, axes), P(axes.data, None)),
                              out_specs=P(axes.data, None)))

x = jax.ShapeDtypeStruct((16, cfg.d_model), jnp.float32)
apply.trace(params, x).lower(lowering_platforms=("cuda",))
