import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


class MLP(nnx.Module):
  def __init__(self, din, dhid, dout, *, rngs):
    self.l1 = nnx.Linear(din, dhid, rngs=rngs)
    self.l2 = nnx.Linear(dhid, dout, rngs=rngs)

  def __call__(self, x):
    return self.l2(nnx.relu(self.l1(x)))


def loss_fn(model, batch):
  logits = model(batch["image"])
  return optax.softmax_cross_entropy_with_integer_labels(logits, batch["label"]).mean()


def make_train_step(mesh):
  @nnx.shard_map(mesh=mesh, in_specs=(P(), P(), P("data")), out_specs=P())
  def sharded(model, optimizer, batch):
    loss, grads = nnx.value_and_grad(loss_fn)(model, batch)
    grads = lax.pmean(grads, axis_name="data")
    optimizer.update(model, grads)
    return lax.pmean(loss, "data")

  @nnx.jit
  def train_step(model, optimizer, batch):
    return sharded(model, optimizer, batch)

  return train_step


mesh = Mesh(np.asarray(jax.devices()), ("data",))
model = MLP(784, 128, 10, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
batch = {"image": jnp.zeros((32, 784)), "label": jnp.zeros((32,), jnp.int32)}
train_step = make_train_step(mesh)
train_step.trace(model, optimizer, batch).lower(lowering_platforms=("cuda",))
