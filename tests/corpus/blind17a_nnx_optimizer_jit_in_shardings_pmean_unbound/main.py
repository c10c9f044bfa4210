import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("data",))
replicated = NamedSharding(mesh, P())
batch_sharded = NamedSharding(mesh, P("data"))


class Net(nnx.Module):
  def __init__(self, rngs):
    self.a = nnx.Linear(16, 64, rngs=rngs)
    self.b = nnx.Linear(64, 4, rngs=rngs)

  def __call__(self, x):
    return self.b(nnx.relu(self.a(x)))


model = Net(nnx.Rngs(0))
opt = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
graphdef, state = nnx.split((model, opt))


def train_step(state, x, y):
  model, opt = nnx.merge(graphdef, state)

  def loss_fn(model):
    return optax.softmax_cross_entropy_with_integer_labels(model(x), y).mean()

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  grads = jax.lax.pmean(grads, "data")
  opt.update(model, grads)
  return loss, nnx.state((model, opt))


step = jax.jit(train_step, in_shardings=(replicated, batch_sharded, batch_sharded),
               out_shardings=(replicated, replicated))
x = jnp.ones((32, 16))
y = jnp.zeros((32,), jnp.int32)
step.trace(state, x, y).lower(lowering_platforms=("cuda",))
