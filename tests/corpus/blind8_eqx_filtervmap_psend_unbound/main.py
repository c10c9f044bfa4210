import jax
import jax.numpy as jnp
import equinox as eqx
from jax.sharding import NamedSharding, PartitionSpec as P

from comm import communicate

PLAT = 'cuda'


class Model(eqx.Module):
    linear: eqx.nn.Linear

    def __init__(self, key):
        self.linear = eqx.nn.Linear(8, 8, key=key)

    def __call__(self, x):
        h = jax.vmap(self.linear)(x)
        return communicate(h)


def main():
    mesh = jax.make_mesh((4,), ('d',))
    model = Model(jax.random.key(0))
    xs = jnp.ones((4, 4, 8), jnp.float32)

    @eqx.filter_vmap(in_axes=0)
    def step(x):
        return model(x)

    def run(xs):
        return step(xs)

    lowered = jax.jit(run).trace(xs).lower(lowering_platforms=(PLAT,))


if __name__ == '__main__':
    main()
