import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import NamedSharding, PartitionSpec as P

from comm import communicate

PLAT = 'cuda'


class Block(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(self.features)(x)
        if self.is_initializing():  # like nn.BatchNorm: no cross-device op while initialising
            return h
        return communicate(h)


class Model(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.remat(Block)()(x)


model = Model()


mesh = jax.make_mesh((4,), ('d',))
x = jax.device_put(jnp.ones((16, 8), jnp.float32), NamedSharding(mesh, P('d')))
variables = model.init(jax.random.key(0), jnp.ones((1, 8), jnp.float32))


def step(x):
    return model.apply(variables, x)


lowered = jax.jit(step).trace(x).lower(lowering_platforms=(PLAT,))
