"""2D (data, model) shard_map step: the row-parallel output is psum'd over 'model', then the
scalar loss is averaged over both axes 'to be safe'."""
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"))
MESH_AXES = ("data", "model")


@partial(jax.shard_map, mesh=mesh,
         in_specs=(P("data", None), P(None, "model"), P("model", None), P("data", None)),
         out_specs=P())
def loss_step(x, w_in, w_out, target):
    h = jax.nn.gelu(x @ w_in)
    out = jax.lax.psum(h @ w_out, "model")
    loss = jnp.mean((out - target) ** 2)
    return jax.lax.pmean(loss, MESH_AXES)


x = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P("data", None)))
t = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P("data", None)))
w_in = jax.device_put(jnp.ones((16, 32)), NamedSharding(mesh, P(None, "model")))
w_out = jax.device_put(jnp.ones((32, 16)), NamedSharding(mesh, P("model", None)))
print(jax.jit(loss_step).trace(x, w_in, w_out, t).lower(lowering_platforms=("cuda",)).as_text()[:20])
