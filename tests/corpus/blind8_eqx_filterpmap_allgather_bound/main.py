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


@eqx.filter_pmap(in_axes=(None, 0), axis_name='d')
def step(model, x):
    return model(x)


mesh = jax.make_mesh((4,), ('d',))
model = Model(jax.random.key(0))
xs = jnp.ones((4, 4, 8), jnp.float32)


def run(model, xs):
    return step(model, xs)


lowered = jax.jit(run).trace(model, xs).lower(lowering_platforms=(PLAT,))
