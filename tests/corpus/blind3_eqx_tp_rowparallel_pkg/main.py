import dataclasses

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from layers import ParallelMLP


@dataclasses.dataclass(frozen=True)
class Config:
    dim: int = 16
    hidden: int = 64
    data_axis: str = "data"
    model_axis: str = "model"


cfg = Config()
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), (cfg.data_axis, cfg.model_axis))

model = ParallelMLP(cfg.dim, cfg.hidden, tp_axis=cfg.model_axis, key=jr.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)

param_specs = jax.tree.map(lambda _: P(), params)
param_specs = eqx.tree_at(
    lambda m: (m.up.weight, m.up.bias, m.down.weight),
    param_specs,
    (P(cfg.model_axis, None), P(cfg.model_axis), P(None, cfg.model_axis)),
)


def forward(params, x):
    model = eqx.combine(params, static)
    return jax.vmap(model)(x)


sharded_forward = jax.shard_map(
    forward,
    mesh=mesh,
    in_specs=(param_specs, P(cfg.data_axis, None)),
    out_specs=P(cfg.data_axis, None),
)

x = jnp.ones((8, cfg.dim))
jax.jit(sharded_forward).trace(params, x).lower(lowering_platforms=("cuda",))
