import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

import comm

PLAT = 'cuda'


class Model(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.linear = nnx.Linear(8, 8, rngs=rngs)

    def __call__(self, x):
        h = self.linear(x)
        return comm.communicate(h)


def main():
    mesh = jax.make_mesh((4,), ('d',))
    model = Model(nnx.Rngs(0))
    xs = jnp.ones((4, 4, 8), jnp.float32)

    @nnx.vmap(in_axes=0, axis_name='d')
    def step(x):
        return model(x)

    lowered = nnx.jit(step).trace(xs).lower(lowering_platforms=(PLAT,))


if __name__ == '__main__':
    main()
