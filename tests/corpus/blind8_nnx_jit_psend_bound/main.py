import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from comm import communicate

PLAT = 'cuda'


class Model(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.linear = nnx.Linear(8, 8, rngs=rngs)

    def __call__(self, x):
        h = self.linear(x)
        return communicate(h)


def main():
    mesh = jax.make_mesh((4,), ('d',))
    model = Model(nnx.Rngs(0))
    x = jax.device_put(jnp.ones((16, 8), jnp.float32), NamedSharding(mesh, P('d')))

    @nnx.jit
    def step(x):
        return model(x)

    sharded = jax.shard_map(step, mesh=mesh, in_specs=P('d'), out_specs=P('d'))
    lowered = jax.jit(sharded).trace(x).lower(lowering_platforms=(PLAT,))


if __name__ == '__main__':
    main()
