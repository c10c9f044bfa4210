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
mesh = Mesh(np.array(jax.devices()).reshape(cfg.mesh_shape), (cfg.dp_axis, cfg.tp_axis))

# experiment override
cfg = dataclasses.replace(cfg, tp_axis="tensor")


def ffn(x, w1, w2):
    h = jax.nn.relu(x @ w1)
    return lax.psum(h @ w2, cfg.tp_axis)


f = jax.jit(
    jax.shard_map(
        ffn,
        mesh=mesh,
        in_specs=(P("data"), P(None, "model"), P("model", None)),
        out_specs=P("data"),
    )
)
f.trace(jnp.ones((8, 16)), jnp.ones((16, 32)), jnp.ones((32, 16))).lower(lowering_platforms=("cuda",))
