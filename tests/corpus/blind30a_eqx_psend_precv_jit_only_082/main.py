import functools

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P
import numpy as np


class Stage(eqx.Module):
    weights: jax.Array

    def __init__(self, key):
        self.weights = jax.random.uniform(key, (2, 1), dtype=jnp.float32)

    def __call__(self, a):
        shape = jax.ShapeDtypeStruct(a.shape, a.dtype)
        fwd_token = jax.lax.psend(a, "x", [(0, 1)])
        data = jax.lax.precv(fwd_token, shape, "x", [(0, 1)])
        weights, data = jax.lax.optimization_barrier((self.weights, data))
        res = jnp.dot(weights, data)
        bwd_token = jax.lax.psend(res, axis_name="x", perm=[(1, 0)])
        return jax.lax.precv(bwd_token, out_shape=shape, axis_name="x", perm=[(1, 0)])


mesh = Mesh(np.array(jax.devices()[:2]), ("x",))


@jax.jit
def fwd(stage, a):
    # the arrays are already sharded over 'x', so the send/recv was expected to just work
    return stage(a)


if __name__ == "__main__":
    stage = Stage(jax.random.key(0))
    a = jax.device_put(jnp.arange(4, dtype=jnp.float32).reshape(2, 2),
                       NamedSharding(mesh, P("x", None)))
    print(fwd.trace(stage, a).lower(lowering_platforms=("cuda",)).as_text()[:20])
