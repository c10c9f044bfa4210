"""FSDP-style MLP on an explicit mesh, trained with nnx.Optimizer over a NumPy dataset."""
import numpy as np
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('data', 'model'))
init = nnx.initializers.lecun_normal()


class MLP(nnx.Module):
  def __init__(self, din, dhid, dout, *, rngs):
    self.w1 = nnx.Linear(din, dhid, kernel_init=nnx.with_partitioning(init, ('data', 'model')),
                         use_bias=False, rngs=rngs)
    self.w2 = nnx.Linear(dhid, dout, kernel_init=nnx.with_partitioning(init, ('model', 'data')),
                         use_bias=False, rngs=rngs)

  def __call__(self, x):
    h = nnx.relu(self.w1(x))
    h = jax.sharding.reshard(h, P('data', None))
    return self.w2(h)


def batches(xs, ys, bs):
  for i in range(0, len(xs) - bs + 1, bs):
    yield xs[i:i + bs], ys[i:i + bs]


@nnx.jit
def train_step(model, optimizer, x, y):
  def loss_fn(model):
    return jnp.mean((model(x) - y) ** 2)
  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


with jax.set_mesh(mesh):
  model = MLP(32, 64, 8, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
  rng = np.random.default_rng(0)
  xs = rng.normal(size=(64, 32)).astype(np.float32)
  ys = rng.normal(size=(64, 8)).astype(np.float32)
  for xb, yb in batches(xs, ys, 16):
    xb = jax.device_put(xb, P('data', None))
    yb = jax.device_put(yb, P('data', None))
    lowered = train_step.trace(model, optimizer, xb, yb).lower(lowering_platforms=('cuda',))
    break
  print(lowered.as_text()[:40])
