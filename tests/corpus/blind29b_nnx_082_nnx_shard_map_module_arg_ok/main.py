from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Auto,))


class Model(nnx.Module):
    def __init__(self, *, rngs):
        self.encoder = nnx.Linear(12, 24, rngs=rngs)
        self.decoder = nnx.Linear(24, 12, rngs=rngs)

    def __call__(self, x):
        return self.decoder(nnx.tanh(self.encoder(x)))


@partial(nnx.shard_map, mesh=mesh, in_specs=(P(), P(), P("data")), out_specs=P())
def train_step(model, optimizer, x):
    def loss_fn(model):
        return jnp.mean((model(x) - x) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    grads = jax.lax.pmean(grads, "data")
    optimizer.update(model, grads)
    return jax.lax.pmean(loss, "data")


model = Model(rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
x = jnp.ones((16, 12))
lowered = nnx.jit(train_step).trace(model, optimizer, x).lower(lowering_platforms=("cuda",))
print("lowered")
