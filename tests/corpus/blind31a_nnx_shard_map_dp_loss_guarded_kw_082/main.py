import jax
import jax.numpy as jnp
import flax
from flax import nnx
from jax.sharding import PartitionSpec as P

FLAX_VERSION = tuple(int(p) for p in flax.__version__.split(".")[:2])
if FLAX_VERSION >= (0, 12):
  NO_CHECK = {"check_vma": False}
else:
  NO_CHECK = {"check_rep": False}


class MLP(nnx.Module):
  def __init__(self, din, dhidden, dout, rngs):
    self.l1 = nnx.Linear(din, dhidden, rngs=rngs)
    self.l2 = nnx.Linear(dhidden, dout, rngs=rngs)

  def __call__(self, x):
    return self.l2(nnx.relu(self.l1(x)))


mesh = jax.make_mesh((4,), ("data",))
model = MLP(16, 32, 4, rngs=nnx.Rngs(0))


def grad_step(model, x, y):
  def loss_fn(model):
    return jnp.mean((model(x) - y) ** 2)
  loss, grads = nnx.value_and_grad(loss_fn)(model)
  loss = jax.lax.pmean(loss, "data")
  grads = jax.tree.map(lambda g: jax.lax.pmean(g, "data"), grads)
  return loss, grads


sharded_step = nnx.shard_map(grad_step, mesh=mesh, in_specs=(P(), P("data"), P("data")),
                             out_specs=(P(), P()), **NO_CHECK)
step = nnx.jit(sharded_step)

x = jnp.ones((8, 16))
y = jnp.zeros((8, 4))
print(step.trace(model, x, y).lower(lowering_platforms=("cuda",)).as_text()[:25])
