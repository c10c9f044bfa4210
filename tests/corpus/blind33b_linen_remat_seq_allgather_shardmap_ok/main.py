import functools

import jax
import jax.numpy as jnp
from jax import lax
import flax.linen as nn
from jax.sharding import PartitionSpec as P

SEQ = "seq"


class SeqParallelAttention(nn.Module):
    """Each device holds a chunk of the sequence; keys/values are gathered."""
    dim: int

    @nn.compact
    def __call__(self, x):
        q = nn.Dense(self.dim, name="q")(x)
        kv = nn.Dense(2 * self.dim, name="kv")(x)
        kv = lax.all_gather(kv, SEQ, axis=0, tiled=True)
        k, v = jnp.split(kv, 2, axis=-1)
        w = jax.nn.softmax(q @ k.T / jnp.sqrt(self.dim), axis=-1)
        return x + w @ v


class Model(nn.Module):
    dim: int = 32
    layers: int = 2

    @nn.compact
    def __call__(self, x):
        for i in range(self.layers):
            x = nn.remat(SeqParallelAttention)(self.dim, name=f"attn_{i}")(x)
        return x


mesh = jax.make_mesh((4,), (SEQ,), axis_types=(jax.sharding.AxisType.Auto,))
model = Model()
x = jnp.ones((64, 32))


def loss(params, x):
    return jnp.mean(model.apply(params, x) ** 2)


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(SEQ)), out_specs=P())
def grad_step(params, x):
    g = jax.grad(loss)(params, x)
    return lax.pmean(g, SEQ)


init = jax.shard_map(model.init, mesh=mesh, in_specs=(P(), P(SEQ)), out_specs=P(), check_vma=False)
params = jax.eval_shape(init, jax.random.key(0), x)
print(grad_step.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:30])
