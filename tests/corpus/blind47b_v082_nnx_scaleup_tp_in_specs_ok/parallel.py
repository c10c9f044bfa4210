import functools

import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P
import numpy as np

mesh = Mesh(np.array(jax.devices()[:4]).reshape(2, 2), ("data", "model"))


@functools.partial(
    jax.shard_map,
    mesh=mesh,
    in_specs=(P(None, "model"), P("model", None), P("data", None)),
    out_specs=P("data", None),
)
def tp_dot_relu_dot(w1, w2, x):
    y = jax.nn.relu(x @ w1)          # [b/data, depth/model]
    z = y @ w2                        # partial sums over 'model'
    return jax.lax.psum(z, "model")
