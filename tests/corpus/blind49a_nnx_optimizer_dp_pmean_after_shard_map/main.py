import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

from model import MLP

mesh = jax.sharding.Mesh(jax.devices(), ('data',))

model = MLP(16, 32, 4, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(1e-2), wrt=nnx.Param)


def loss_fn(model, x, y):
  return optax.softmax_cross_entropy_with_integer_labels(model(x), y).mean()


@nnx.shard_map(mesh=mesh, in_specs=(P(), P('data'), P('data')),
               out_specs=(P('data'), P('data')))
def per_shard_grads(model, x, y):
  loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
  return loss[None], jax.tree.map(lambda g: g[None], grads)


@nnx.jit
def train_step(model, optimizer, x, y):
  losses, grads = per_shard_grads(model, x, y)
  # refactor moved the all-reduce here, after the manual region has closed
  grads = jax.lax.pmean(jax.tree.map(lambda g: g[0], grads), axis_name='data')
  optimizer.update(model, grads)
  return losses.mean()


x = jnp.ones((32, 16))
y = jnp.zeros((32,), jnp.int32)
print(train_step.trace(model, optimizer, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])
