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
        if self.is_initializing():  # like nn.BatchNorm: no cross-device op while initialising
            return h
        return communicate(h)


model = Model()


def main():
    mesh = jax.make_mesh((4,), ('d',))
    x = jax.device_put(jnp.ones((16, 8), jnp.float32), NamedSharding(mesh, P('d')))
    variables = model.init(jax.random.key(0), jnp.ones((1, 8), jnp.float32))

    @jax.jit
    def step(x):
        return model.apply(variables, x)

    lowered = step.trace(x).lower(lowering_platforms=(PLAT,))


if __name__ == '__main__':
    main()
