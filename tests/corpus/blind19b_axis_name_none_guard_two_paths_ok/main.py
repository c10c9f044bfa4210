import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


def row_parallel(x, w, axis_name=None):
    y = x @ w
    if axis_name is not None:
        y = lax.psum(y, axis_name)
    return y


def mlp(x, w1, w2, axis_name=None):
    h = jax.nn.gelu(x @ w1)
    return row_parallel(h, w2, axis_name=axis_name)


x = jnp.ones((8, 32))
w1 = jnp.ones((32, 64))
w2 = jnp.ones((64, 32))

# single-device reference
jax.jit(mlp).trace(x, w1, w2).lower(lowering_platforms=("cuda",))

mesh = Mesh(np.array(jax.devices()), ("model",))
tp = jax.shard_map(
    lambda x, a, b: mlp(x, a, b, axis_name="model"),
    mesh=mesh,
    in_specs=(P(), P(None, "model"), P("model", None)),
    out_specs=P(),
)
jax.jit(tp).trace(x, w1, w2).lower(lowering_platforms=("cuda",))
