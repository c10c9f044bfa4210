import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from comm import communicate

PLAT = 'cuda'


class Block(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.linear = nnx.Linear(8, 8, rngs=rngs)

    def __call__(self, x):
        h = self.linear(x)
        return communicate(h)


class Model(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.block = Block(rngs)

    def __call__(self, x):
        return nnx.remat(Block.__call__)(self.block, x)


def step(model, x):
    return model(x)


mesh = jax.make_mesh((4,), ('d',))
model = Model(nnx.Rngs(0))
x = jax.device_put(jnp.ones((16, 8), jnp.float32), NamedSharding(mesh, P('d')))
lowered = jax.jit(step).trace(model, x).lower(lowering_platforms=(PLAT,))
