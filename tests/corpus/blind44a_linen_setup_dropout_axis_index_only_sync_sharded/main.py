import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


class DropoutMLP(nn.Module):
  hidden: int
  rate: float = 0.1

  def setup(self):
    self.dense1 = nn.Dense(self.hidden)
    self.dense2 = nn.Dense(10)

  def __call__(self, x, *, train: bool):
    h = nn.relu(self.dense1(x))
    if train:
      rng = self.make_rng('dropout')
      # decorrelate masks across data shards
      rng = jax.random.fold_in(rng, jax.lax.axis_index('data'))
      keep = jax.random.bernoulli(rng, 1.0 - self.rate, h.shape)
      h = jnp.where(keep, h / (1.0 - self.rate), 0.0)
    return self.dense2(h)


model = DropoutMLP(hidden=128)
mesh = Mesh(jax.devices(), ('data',))


@functools.partial(jax.shard_map, mesh=mesh, in_specs=P(), out_specs=P())
def all_reduce_mean(tree):
  return jax.lax.pmean(tree, 'data')


@jax.jit
def train_step(params, x, y, rng):
  def loss_fn(params):
    logits = model.apply({'params': params}, x, train=True, rngs={'dropout': rng})
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

  loss, grads = jax.value_and_grad(loss_fn)(params)
  return loss, all_reduce_mean(grads)


x = jax.device_put(jnp.ones((32, 20)), NamedSharding(mesh, P('data')))
y = jax.device_put(jnp.zeros((32,), jnp.int32), NamedSharding(mesh, P('data')))
params = model.init(jax.random.key(0), x, train=False)['params']
print(train_step.trace(params, x, y, jax.random.key(1)).lower(lowering_platforms=('cuda',)).as_text()[:40])
