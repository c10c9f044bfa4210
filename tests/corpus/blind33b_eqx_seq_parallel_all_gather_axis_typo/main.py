import functools

import jax
import jax.numpy as jnp
from jax import lax
import equinox as eqx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P
import numpy as np

DATA_AXIS = "data"


class SeqParallelMLP(eqx.Module):
    up: eqx.nn.Linear
    down: eqx.nn.Linear

    def __init__(self, key):
        k1, k2 = jax.random.split(key)
        self.up = eqx.nn.Linear(64, 256, key=k1)
        self.down = eqx.nn.Linear(256, 64, key=k2)

    def __call__(self, x):
        full = lax.all_gather(x, "dp", axis=0, tiled=True)
        h = jax.vmap(self.down)(jax.nn.gelu(jax.vmap(self.up)(full)))
        return lax.psum_scatter(h, "dp", scatter_dimension=0, tiled=True)


mesh = Mesh(np.array(jax.devices()), (DATA_AXIS,))
mlp = SeqParallelMLP(jax.random.PRNGKey(0))


@eqx.filter_jit
def apply(mlp, x):
    f = jax.shard_map(lambda m, x: m(x), mesh=mesh, in_specs=(P(), P(DATA_AXIS)),
                      out_specs=P(DATA_AXIS), check_vma=False)
    return f(mlp, x)


x = jax.device_put(jnp.ones((128, 64)), NamedSharding(mesh, P(DATA_AXIS)))
print(jax.jit(apply).trace(mlp, x).lower(lowering_platforms=("cuda",)).as_text()[:30])
