"""DP outer shard_map over 'data' only; the TP layer helper has its own shard_map over 'model'
and takes the abstract mesh of its context."""
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Explicit,) * 2)


def tp_mlp(x, w_in, w_out, mesh=None):
    mesh = jax.sharding.get_abstract_mesh() if mesh is None else mesh
    @partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(None, "model"), P("model", None)),
             out_specs=P(), axis_names={"model"})
    def inner(x, w_in, w_out):
        return jax.lax.psum(jax.nn.relu(x @ w_in) @ w_out, "model")

    return inner(x, w_in, w_out)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P("data"), P(), P()), out_specs=P(),
         axis_names={"data"})
def loss(x, w_in, w_out):
    y = tp_mlp(x, w_in, w_out)
    return jax.lax.pmean(jnp.mean(y ** 2), "data")


x = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P("data")))
w_in = jax.device_put(jnp.ones((16, 32)), NamedSharding(mesh, P()))
w_out = jax.device_put(jnp.ones((32, 16)), NamedSharding(mesh, P()))
print(loss.trace(x, w_in, w_out).lower(lowering_platforms=("cuda",)).as_text()[:20])
