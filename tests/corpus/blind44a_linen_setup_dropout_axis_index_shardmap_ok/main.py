import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
import optax
from jax.sharding import Mesh, PartitionSpec as P


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


def loss_fn(params, x, y, rng):
  logits = model.apply({'params': params}, x, train=True, rngs={'dropout': rng})
  return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh,
                   in_specs=(P(), P('data'), P('data'), P()), out_specs=(P(), P()))
def grad_step(params, x, y, rng):
  loss, grads = jax.value_and_grad(loss_fn)(params, x, y, rng)
  return jax.lax.pmean(loss, 'data'), jax.lax.pmean(grads, 'data')


x = jnp.ones((32, 20))
y = jnp.zeros((32,), jnp.int32)
params = model.init(jax.random.key(0), x, train=False)['params']
print(grad_step.trace(params, x, y, jax.random.key(1)).lower(lowering_platforms=('cuda',)).as_text()[:40])
