import jax
import jax.numpy as jnp
import equinox as eqx
from jax.sharding import NamedSharding, PartitionSpec as P

import comm

PLAT = 'cuda'


class Model(eqx.Module):
    linear: eqx.nn.Linear

    def __init__(self, key):
        self.linear = eqx.nn.Linear(8, 8, key=key)

    def __call__(self, x):
        h = jax.vmap(self.linear)(x)
        return comm.communicate(h)


def loss_fn(model, x):
    return model(x).mean()


def step(model, x):
    loss, grads = eqx.filter_value_and_grad(loss_fn)(model, x)
    return loss[None], grads


mesh = jax.make_mesh((4,), ('d',))
model = Model(jax.random.key(0))
x = jax.device_put(jnp.ones((16, 8), jnp.float32), NamedSharding(mesh, P('d')))
sharded = jax.shard_map(step, mesh=mesh, in_specs=(P(), P('d')), out_specs=(P('d'), P()))
lowered = jax.jit(sharded).trace(model, x).lower(lowering_platforms=(PLAT,))
