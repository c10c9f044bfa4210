# ZeRO-style gradient reduce-scatter: each gradient leaf is psum_scatter'ed over the
# parameter-sharding axis looked up through the logical axis rules.
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from sharding_rules import mesh_axis

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))


def reduce_scatter_grads(grads):
    axis = mesh_axis("embed")
    return [jax.lax.psum_scatter(g, axis, scatter_dimension=0, tiled=True) for g in grads]


def local_grads(params, x):
    def loss(ps):
        h = x
        for w in ps:
            h = jnp.tanh(h @ w)
        return jnp.mean(h ** 2)
    return jax.grad(loss)(params)


@jax.jit
@partial(jax.shard_map, mesh=mesh,
         in_specs=([P(), P()], P(mesh_axis("batch"))),
         out_specs=[P(mesh_axis("embed")), P(mesh_axis("embed"))],
         check_vma=False)
def grad_step(params, x):
    grads = local_grads(params, x)
    grads = reduce_scatter_grads(grads)
    return [g / jax.lax.psum(1, mesh_axis("batch")) for g in grads]


params = [jnp.ones((16, 16)), jnp.ones((16, 16))]
x = jnp.ones((8, 16))
print(grad_step.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
