from functools import partial

import jax
import jax.numpy as jnp
import optax
from jax.sharding import Mesh, PartitionSpec as P

from models import ConvBN

mesh = Mesh(jax.devices(), ('batch',))
model = ConvBN()
x = jnp.ones((32, 16, 16, 3))
y = jnp.zeros((32,), jnp.int32)

init_fn = jax.jit(partial(model.init, train=False))
print(init_fn.trace(jax.random.key(0), x).lower(lowering_platforms=('cuda',)).as_text()[:40])
variables = jax.eval_shape(partial(model.init, train=False), jax.random.key(0), x)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(), P('batch'), P('batch')),
         out_specs=(P(), P(), P()))
def train_step(params, batch_stats, x, y):
  def loss_fn(params):
    logits, updates = model.apply({'params': params, 'batch_stats': batch_stats},
                                  x, train=True, mutable=['batch_stats'])
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
    return loss, updates
  (loss, updates), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
  grads = jax.lax.pmean(grads, 'batch')
  loss = jax.lax.pmean(loss, 'batch')
  return grads, updates['batch_stats'], loss


print(train_step.trace(variables['params'], variables['batch_stats'], x, y)
      .lower(lowering_platforms=('cuda',)).as_text()[:40])
