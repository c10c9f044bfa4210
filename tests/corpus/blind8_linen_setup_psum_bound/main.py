import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import NamedSharding, PartitionSpec as P

from comm import communicate

PLAT = 'cuda'


class Block(nn.Module):
    features: int = 8

    def setup(self):
        self.dense = nn.Dense(self.features)
        self.out = nn.Dense(self.features)

    def __call__(self, x):
        h = self.dense(x)
        if not self.is_initializing():
            h = communicate(h)
        return self.out(h)


class Model(nn.Module):
    def setup(self):
        self.block = Block()

    def __call__(self, x):
        return self.block(x)


model = Model()


mesh = jax.make_mesh((4,), ('d',))
x = jax.device_put(jnp.ones((16, 8), jnp.float32), NamedSharding(mesh, P('d')))
variables = model.init(jax.random.key(0), jnp.ones((1, 8), jnp.float32))


@jax.jit
@jax.shard_map(mesh=mesh, in_specs=P('d'), out_specs=P('d'))
def step(x):
    return model.apply(variables, x)


lowered = step.trace(x).lower(lowering_platforms=(PLAT,))
