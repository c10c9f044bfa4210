import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("data",))


class MLP(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(8, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    grads = lax.pmean(grads, "data")
    optimizer.update(model, grads)
    return lax.pmean(loss, "data")


train_step = nnx.shard_map(
    train_step, mesh=mesh, in_specs=(P(), P(), P("data"), P("data")), out_specs=P()
)
train_step = nnx.jit(train_step)

model = MLP(nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
x, y = jnp.ones((32, 8)), jnp.ones((32, 1))
train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("cuda",))
