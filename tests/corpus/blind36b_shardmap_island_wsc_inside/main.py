import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"))


def constrain(x, *spec):
    return lax.with_sharding_constraint(x, NamedSharding(mesh, P(*spec)))


@functools.partial(
    jax.shard_map,
    mesh=mesh,
    in_specs=(P("data", "model", None), P(None, "model")),
    out_specs=P("data", None, "model"),
)
def allgather_matmul(x_blk, w_blk):
    x_full = lax.all_gather(x_blk, "model", axis=1, tiled=True)
    y = jnp.einsum("bsd,df->bsf", x_full, w_blk)
    return constrain(y, "data", None, "model")


@jax.jit
def layer(x, w):
    return jax.nn.relu(allgather_matmul(x, w))


x = jax.device_put(jnp.ones((4, 16, 32)), NamedSharding(mesh, P("data", "model", None)))
w = jax.device_put(jnp.ones((32, 64)), NamedSharding(mesh, P(None, "model")))
print(layer.trace(x, w).lower(lowering_platforms=("cuda",)).as_text()[:20])
