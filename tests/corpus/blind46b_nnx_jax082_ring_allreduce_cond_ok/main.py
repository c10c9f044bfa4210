import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from dist.ring import AXIS, ring_allreduce

N = jax.device_count()
ACCUM = 2
mesh = Mesh(jax.devices(), (AXIS,))


class Count(nnx.Variable):
  pass


class MLP(nnx.Module):
  def __init__(self, din, dhid, dout, *, rngs):
    self.hidden = nnx.Linear(din, dhid, rngs=rngs)
    self.out = nnx.Linear(dhid, dout, rngs=rngs)
    self.count = Count(jnp.array(0, jnp.int32))

  def __call__(self, x):
    self.count.value += 1
    return self.out(nnx.relu(self.hidden(x)))


model = MLP(1, 32, 1, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(1e-3), wrt=nnx.Param)


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(P(), P(), P(AXIS), P(AXIS)), out_specs=P(), check_vma=False)
def train_step(model, optimizer, x, y):
  def loss_fn(model):
    y_pred = model(x)
    return jnp.mean((y - y_pred) ** 2)

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  grads = jax.tree.map(lambda g: g / N, ring_allreduce(grads, N))

  def apply(model, optimizer, grads):
    optimizer.update(model, grads)

  def skip(model, optimizer, grads):
    pass

  nnx.cond(model.count.value % ACCUM == 0, apply, skip, model, optimizer, grads)
  return ring_allreduce(loss, N) / N


x = jnp.linspace(-1, 1, 64).reshape(64, 1)
y = 0.8 * x ** 2 + 0.1
print(train_step.trace(model, optimizer, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])
