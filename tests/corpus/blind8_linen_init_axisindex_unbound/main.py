import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import NamedSharding, PartitionSpec as P

from comm import communicate

PLAT = 'cuda'


class Model(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(self.features)(x)
        return communicate(h)


model = Model()


mesh = jax.make_mesh((4,), ('d',))
x = jax.device_put(jnp.ones((16, 8), jnp.float32), NamedSharding(mesh, P('d')))
key = jax.random.key(0)


def init_fn(key, x):
    return model.init(key, x)


lowered = jax.jit(init_fn).trace(key, x).lower(lowering_platforms=(PLAT,))
