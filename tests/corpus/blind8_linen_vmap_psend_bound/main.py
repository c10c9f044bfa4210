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
    def __call__(self, xs):
        Mapped = nn.vmap(
            Block,
            in_axes=0,
            out_axes=0,
            variable_axes={'params': None},
            split_rngs={'params': False}, axis_name='d',
        )
        return Mapped()(xs)


model = Model()


def main():
    mesh = jax.make_mesh((4,), ('d',))
    xs = jnp.ones((4, 4, 8), jnp.float32)
    variables = model.init(jax.random.key(0), jnp.ones((4, 1, 8), jnp.float32))

    def step(xs):
        return model.apply(variables, xs)

    lowered = jax.jit(step).trace(xs).lower(lowering_platforms=(PLAT,))


if __name__ == '__main__':
    main()
