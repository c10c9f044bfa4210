import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('data',))


class MLP(nnx.Module):
  def __init__(self, rngs: nnx.Rngs):
    self.l1 = nnx.Linear(8, 32, rngs=rngs)
    self.l2 = nnx.Linear(32, 1, rngs=rngs)

  def __call__(self, x):
    return self.l2(nnx.relu(self.l1(x)))


def per_shard_grads(model, x, y):
  def loss_fn(model):
    return jnp.mean((model(x) - y) ** 2)
  loss, grads = nnx.value_and_grad(loss_fn)(model)
  return jax.lax.pmean(loss, 'data'), jax.lax.pmean(grads, 'data')


data_parallel_grads = nnx.shard_map(
    per_shard_grads, mesh=mesh, in_specs=(P(), P('data'), P('data')), out_specs=(P(), P()))


@nnx.jit
def train_step(model, optimizer, x, y):
  loss, grads = data_parallel_grads(model, x, y)
  optimizer.update(model, grads)
  return loss


model = MLP(nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
x = jnp.ones((32, 8))
y = jnp.ones((32, 1))

with jax.set_mesh(mesh):
  print(jax.jit(lambda m, o, x, y: train_step(m, o, x, y)).trace(model, optimizer, x, y)
        .lower(lowering_platforms=('cuda',)).as_text()[:40])
