import functools

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from model import RowParallelLinear
from utils.comm import reduce_partials as rp

mesh = jax.make_mesh((2, 2), ("data", "model"))
jax.set_mesh(mesh)

layer = RowParallelLinear(128, 64, key=jax.random.PRNGKey(0))
layer = eqx.tree_at(lambda l: l.weight, layer, jax.device_put(layer.weight, P(None, "model")))
x = jax.device_put(jnp.ones((16, 128), jnp.float32), P("data", "model"))


@jax.jit
def forward(layer, x):
    @functools.partial(jax.shard_map, in_specs=(P(None, "model"), P(None, "model")),
                       out_specs=P(), axis_names={"model"})
    def row_parallel(w, x):
        return rp(x @ w.T)

    return row_parallel(layer.weight, x) + layer.bias


print(forward.trace(layer, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
