"""Data-parallel NNX training step written as @nnx.jit over @nnx.shard_map, the gradients
averaged with pmean over `data`."""
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


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(P(), P(), P('data'), P('data')), out_specs=P())
def train_step(model, optimizer, x, y):
  def loss_fn(model):
    return jnp.mean((model(x) - y) ** 2)

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, jax.lax.pmean(grads, 'data'))
  return jax.lax.pmean(loss, 'data')


model = MLP(16, 64, 4, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
x = jnp.ones((32, 16))
y = jnp.zeros((32, 4))
train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("cuda",))
