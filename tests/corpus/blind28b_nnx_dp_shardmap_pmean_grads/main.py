"""Data-parallel NNX training step: grads averaged with pmean inside nnx.shard_map."""
from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P, NamedSharding


class MLP(nnx.Module):
    def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.fc2 = nnx.Linear(dhidden, dout, rngs=rngs)

    def __call__(self, x):
        return self.fc2(jax.nn.relu(self.fc1(x)))


mesh = jax.make_mesh((4,), ("data",), axis_types=(jax.sharding.AxisType.Auto,))
model = MLP(16, 32, 4, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(1e-3, weight_decay=1e-4), wrt=nnx.Param)


def loss_fn(model, x, y):
    logits = model(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


@nnx.jit
def train_step(model, optimizer, x, y):
    @partial(nnx.shard_map, mesh=mesh, in_specs=(P(), P("data"), P("data")), out_specs=(P(), P()))
    def grads_and_loss(model, x, y):
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        grads = jax.lax.pmean(grads, axis_name="data")
        loss = jax.lax.pmean(loss, axis_name="data")
        return loss, grads

    loss, grads = grads_and_loss(model, x, y)
    optimizer.update(model, grads)
    return loss


x = jax.device_put(jnp.ones((32, 16)), NamedSharding(mesh, P("data")))
y = jax.device_put(jnp.zeros((32,), jnp.int32), NamedSharding(mesh, P("data")))
lowered = train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("cuda",))
print("lowered", type(lowered).__name__)
