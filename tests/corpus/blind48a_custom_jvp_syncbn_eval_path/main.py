from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

import layers

mesh = Mesh(np.array(jax.devices()), (layers.BATCH_AXIS,))
spec = P(layers.BATCH_AXIS)


@jax.jit
def train_step(params, x):
    def loss(p, xb):
        return jnp.mean(layers.model_apply(p, xb) ** 2)

    @partial(jax.shard_map, mesh=mesh, in_specs=(P(), spec), out_specs=P())
    def grads(p, xb):
        g = jax.grad(loss)(p, xb)
        return jax.lax.pmean(g, layers.BATCH_AXIS)

    g = grads(params, x)
    return jax.tree.map(lambda a, b: a - 0.1 * b, params, g)


# Evaluation: jit the model directly; the data is sharded over the mesh anyway.
eval_step = jax.jit(layers.model_apply)

params = {
    "w": jnp.ones((8, 16)),
    "bn": {"scale": jnp.ones((16,)), "bias": jnp.zeros((16,))},
}
x = jnp.ones((16, 8))
print(train_step.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
print(eval_step.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
