import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class ParallelConfig:
    mesh_shape: tuple = (2, 2)
    dp_axis: str = "data"
    tp_axis: str = "model"


cfg = ParallelConfig()
cfg = dataclasses.replace(cfg, tp_axis="tensor", mesh_shape=(1, 4))
mesh = Mesh(np.array(jax.devices()).reshape(cfg.mesh_shape), (cfg.dp_axis, cfg.tp_axis))


def ffn(x, w1, w2):
    h = jax.nn.relu(x @ w1)
    return lax.psum(h @ w2, cfg.tp_axis)


f = jax.jit(
    jax.shard_map(
        ffn,
        mesh=mesh,
        in_specs=(P(cfg.dp_axis), P(None, cfg.tp_axis), P(cfg.tp_axis, None)),
        out_specs=P(cfg.dp_axis),
    )
)
f.trace(jnp.ones((8, 16)), jnp.ones((16, 32)), jnp.ones((32, 16))).lower(lowering_platforms=("cuda",))
