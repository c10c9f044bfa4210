import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("x",), axis_types=(jax.sharding.AxisType.Auto,))


def exchange(x):
    perm = [(0, 1), (1, 0), (2, 3), (3, 2)]
    tok = jax.lax.psend(x, "x", perm)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), "x", perm)


def run(x):
    return jax.shard_map(exchange, mesh=mesh, in_specs=P("x"), out_specs=P("x"))(x)


ARGS = (jax.ShapeDtypeStruct((64, 128), jnp.float32),)
