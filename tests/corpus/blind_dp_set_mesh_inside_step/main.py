"""The mesh context is entered inside the jitted train step rather than around the call."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",), axis_types=(jax.sharding.AxisType.Auto,))


def local_grad(w, x):
    g = jax.grad(lambda w: jnp.mean((x @ w) ** 2))(w)
    return jax.lax.pmean(g, "data")


@jax.jit
def train_step(w, x):
    with jax.set_mesh(mesh):
        g = jax.shard_map(local_grad, in_specs=(P(), P("data")), out_specs=P())(w, x)
    return w - 0.1 * g


train_step.trace(jax.ShapeDtypeStruct((16, 16), jnp.float32),
                 jax.ShapeDtypeStruct((32, 16), jnp.float32)).lower(lowering_platforms=("cuda",))
