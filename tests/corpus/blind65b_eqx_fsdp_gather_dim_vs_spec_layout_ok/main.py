import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from config import FSDPConfig
from dist.sharding import fsdp_specs
from model import build_model

cfg = FSDPConfig()
mesh = Mesh(np.array(jax.devices()), (cfg.fsdp_axis,))

params, static = eqx.partition(build_model(cfg), eqx.is_array)
param_specs = fsdp_specs(params, cfg.fsdp_axis)


def forward(params, x):
  model = eqx.combine(params, static)
  return jax.vmap(model)(x)


forward = jax.jit(jax.shard_map(forward, mesh=mesh,
                                in_specs=(param_specs, P(cfg.fsdp_axis)),
                                out_specs=P(cfg.fsdp_axis)))

x = jax.ShapeDtypeStruct((32, cfg.d_model), jnp.float32)
forward.trace(params, x).lower(lowering_platforms=("tpu",))
