import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from config import Config
from model import Model
from sharding import match_partition_rules, partition_rules

cfg = Config()
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), (cfg.dp_axis, cfg.tp_axis))

graphdef, state = nnx.split(Model(cfg, rngs=nnx.Rngs(0)))
state_specs = match_partition_rules(partition_rules(cfg.tp_axis), state)


def forward(state, x):
  return nnx.merge(graphdef, state)(x)


forward = jax.shard_map(forward, mesh=mesh,
                        in_specs=(state_specs, P(cfg.dp_axis)),
                        out_specs=P(cfg.dp_axis))
forward = jax.jit(forward)

x = jax.ShapeDtypeStruct((8, cfg.d_model), jnp.float32)
forward.trace(state, x).lower(lowering_platforms=("tpu",))
