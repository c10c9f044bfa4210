import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

import comm

PLAT = 'tpu'


class Model(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.linear = nnx.Linear(8, 8, rngs=rngs)

    def __call__(self, x):
        h = self.linear(x)
        return comm.communicate(h)


def apply_model(graphdef, state, x):
    model = nnx.merge(graphdef, state)
    return model(x)


def main():
    mesh = jax.make_mesh((4,), ('d',))
    model = Model(nnx.Rngs(0))
    x = jax.device_put(jnp.ones((16, 8), jnp.float32), NamedSharding(mesh, P('d')))
    graphdef, state = nnx.split(model)
    step = functools.partial(apply_model, graphdef)
    lowered = jax.jit(step).trace(state, x).lower(lowering_platforms=(PLAT,))


if __name__ == '__main__':
    main()
