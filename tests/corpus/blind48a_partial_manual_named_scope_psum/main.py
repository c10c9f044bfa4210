# Partial-manual shard_map: only the 'data' axis is manual; 'model' stays automatic so the
# compiler keeps handling the tensor-parallel weights. Loss reduction is wrapped in named scopes.
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"),
                     axis_types=(jax.sharding.AxisType.Explicit,) * 2)


def global_mean(x):
    with jax.named_scope("global_mean"):
        total = jax.lax.psum(jnp.sum(x), ("data", "model"))
        count = jax.lax.psum(x.size, ("data", "model"))
        return total / count


def per_shard_loss(w, x, y):
    with jax.named_scope("forward"):
        pred = x @ w
    return global_mean((pred - y) ** 2)


@jax.jit
def loss_fn(w, x, y):
    return jax.shard_map(
        per_shard_loss,
        mesh=mesh,
        in_specs=(P(), P("data"), P("data")),
        out_specs=P(),
        axis_names={"data"},
    )(w, x, y)


with jax.set_mesh(mesh):
    w = jax.device_put(jnp.ones((16, 8)), NamedSharding(mesh, P(None, "model")))
    x = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P("data")))
    y = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P("data")))
    print(loss_fn.trace(w, x, y).lower(lowering_platforms=("cuda",)).as_text()[:40])
