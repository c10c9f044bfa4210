import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

import comm

PLAT = 'cuda'


class Block(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.linear = nnx.Linear(8, 8, rngs=rngs)

    def __call__(self, x):
        h = self.linear(x)
        return comm.communicate(h)


class Model(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.block = Block(rngs)

    def __call__(self, x):
        @nnx.remat
        def run(block, x):
            return block(x)

        return run(self.block, x)


def step(model, x):
    return model(x)


mesh = jax.make_mesh((4,), ('d',))
model = Model(nnx.Rngs(0))
x = jax.device_put(jnp.ones((16, 8), jnp.float32), NamedSharding(mesh, P('d')))
sharded = nnx.shard_map(step, mesh=mesh, in_specs=(P(), P('d')), out_specs=P('d'))
lowered = nnx.jit(sharded).trace(model, x).lower(lowering_platforms=(PLAT,))
