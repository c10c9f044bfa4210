import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import NamedSharding, PartitionSpec as P

import comm

PLAT = 'cuda'


class Model(nn.Module):
    features: int = 8

    def setup(self):
        self.dense = nn.Dense(self.features)

    def __call__(self, x):
        return self.dense(x)

    def encode(self, x):
        h = self.dense(x)
        if self.is_initializing():
            return h
        return comm.communicate(h)


model = Model()


def main():
    mesh = jax.make_mesh((4,), ('d',))
    x = jax.device_put(jnp.ones((16, 8), jnp.float32), NamedSharding(mesh, P('d')))
    variables = model.init(jax.random.key(0), jnp.ones((1, 8), jnp.float32))

    def step(x):
        return model.apply(variables, x, method='encode')

    lowered = jax.jit(step).trace(x).lower(lowering_platforms=(PLAT,))


if __name__ == '__main__':
    main()
