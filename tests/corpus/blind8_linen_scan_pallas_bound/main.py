import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import NamedSharding, PartitionSpec as P

from comm import communicate

PLAT = 'tpu'


class Block(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, carry, _):
        h = nn.Dense(self.features)(carry)
        if not self.is_initializing():
            h = communicate(h)
        return h, None


class Model(nn.Module):
    num_layers: int = 3

    @nn.compact
    def __call__(self, x):
        Stack = nn.scan(
            Block,
            variable_axes={'params': 0},
            split_rngs={'params': True},
            length=self.num_layers,
        )
        h, _ = Stack()(x, None)
        return h


model = Model()


def step(variables, x):
    return model.apply(variables, x)


mesh = jax.make_mesh((4,), ('d',))
x = jax.device_put(jnp.ones((16, 8), jnp.float32), NamedSharding(mesh, P('d')))
variables = model.init(jax.random.key(0), jnp.ones((1, 8), jnp.float32))
sharded = jax.shard_map(step, mesh=mesh, in_specs=(P(), P('d')), out_specs=P('d'), check_vma=False)
lowered = jax.jit(sharded).trace(variables, x).lower(lowering_platforms=(PLAT,))
