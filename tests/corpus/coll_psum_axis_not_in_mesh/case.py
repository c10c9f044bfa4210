import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",), axis_types=(jax.sharding.AxisType.Explicit,))


def tp_matmul(x, w):
    partial_out = x @ w
    return jax.lax.psum(partial_out, "model")


def run(x, w):
    return jax.shard_map(tp_matmul, mesh=mesh, in_specs=(P(None, "data"), P("data", None)),
                         out_specs=P())(x, w)


ARGS = (
    jax.ShapeDtypeStruct((8, 64), jnp.float32, sharding=jax.NamedSharding(mesh, P(None, "data"))),
    jax.ShapeDtypeStruct((64, 32), jnp.float32, sharding=jax.NamedSharding(mesh, P("data", None))),
)
