"""NNX training step that averages its gradients over `data` with pmean, jitted with nnx.jit
and fed a batch sharded over the mesh."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.sharding.Mesh(jax.devices(), ('data',))


class MLP(nnx.Module):
  def __init__(self, din, dmid, dout, *, rngs: nnx.Rngs):
    self.linear1 = nnx.Linear(din, dmid, rngs=rngs)
    self.dropout = nnx.Dropout(0.1, rngs=rngs)
    self.linear2 = nnx.Linear(dmid, dout, rngs=rngs)

  def __call__(self, x):
    return self.linear2(self.dropout(nnx.relu(self.linear1(x))))


def loss_fn(model, x, y):
  return jnp.mean((model(x) - y) ** 2)


@nnx.jit
def train_step(model, optimizer, x, y):
  loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
  grads = jax.lax.pmean(grads, 'data')
  optimizer.update(model, grads)
  return loss


model = MLP(16, 64, 4, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
x = jnp.ones((32, 16))
y = jnp.zeros((32, 4))
train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("cuda",))
