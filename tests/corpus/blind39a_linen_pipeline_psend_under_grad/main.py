from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("stages",))
n = mesh.shape["stages"]


class Stage(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.tanh(nn.Dense(32)(x))


stage = Stage()


def forward(params, x):
    h = stage.apply({"params": params}, x)
    perm = [(i, (i + 1) % n) for i in range(n)]
    tok = jax.lax.psend(h, "stages", perm)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), "stages", perm)


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("stages"), P("stages")), out_specs=(P(), P()))
def train_step(params, x, y):
    def loss_fn(p):
        out = forward(p, x)
        return jnp.mean(optax.l2_loss(out, y))

    loss, grads = jax.value_and_grad(loss_fn)(params)
    return jax.lax.pmean(loss, "stages"), jax.lax.pmean(grads, "stages")


params = stage.init(jax.random.key(1), jnp.ones((1, 32)))["params"]
x = jnp.ones((16, 32))
y = jnp.zeros((16, 32))
print(jax.jit(train_step).trace(params, x, y).lower(lowering_platforms=("cuda",)).as_text()[:100])
