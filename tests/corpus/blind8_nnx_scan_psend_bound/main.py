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
        h = jax.nn.relu(self.linear(x))
        return comm.communicate(h)


class Model(nnx.Module):
    def __init__(self, num_layers: int, rngs: nnx.Rngs):
        @nnx.split_rngs(splits=num_layers)
        @nnx.vmap(in_axes=(0,), out_axes=0)
        def create_block(rngs: nnx.Rngs):
            return Block(rngs)

        self.blocks = create_block(rngs)

    def __call__(self, x):
        def forward(x, block):
            return block(x)

        return nnx.scan(forward, in_axes=(nnx.Carry, 0), out_axes=nnx.Carry)(x, self.blocks)


def step(model, x):
    return model(x)


mesh = jax.make_mesh((4,), ('d',))
model = Model(3, nnx.Rngs(0))
x = jax.device_put(jnp.ones((16, 8), jnp.float32), NamedSharding(mesh, P('d')))
sharded = jax.shard_map(step, mesh=mesh, in_specs=(P(), P('d')), out_specs=P('d'))
lowered = jax.jit(sharded).trace(model, x).lower(lowering_platforms=(PLAT,))
