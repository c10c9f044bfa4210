import jax
import jax.numpy as jnp
import optax
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


def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return ((model(x) - y) ** 2).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss[None]


mesh = jax.make_mesh((4,), ('d',))
model = Model(nnx.Rngs(0))
x = jax.device_put(jnp.ones((16, 8), jnp.float32), NamedSharding(mesh, P('d')))
optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
y = jax.device_put(jnp.zeros((16, 8), jnp.float32), NamedSharding(mesh, P('d')))
sharded = nnx.shard_map(train_step, mesh=mesh, in_specs=(P(), P(), P('d'), P('d')), out_specs=P('d'))
lowered = nnx.jit(sharded).trace(model, optimizer, x, y).lower(lowering_platforms=(PLAT,))
