import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from config import MoEConfig
from layers import build_moe
from spmd import spmd

cfg = MoEConfig(num_experts=8)
mesh = Mesh(np.array(jax.devices()), (cfg.expert_axis,))

moe = build_moe(cfg)
graphdef, state = nnx.split(moe)
state_specs = nnx.get_partition_spec(state)


@spmd(mesh, in_specs=(state_specs, P()), out_specs=P())
def moe_forward(state, x):
  layer = nnx.merge(graphdef, state)
  return layer(x)


x = jax.ShapeDtypeStruct((8, cfg.d_model), jnp.float32)
jax.jit(moe_forward).trace(state, x).lower(lowering_platforms=("tpu",))
