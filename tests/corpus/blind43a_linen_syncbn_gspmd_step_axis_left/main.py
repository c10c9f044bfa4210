from functools import partial

import jax
import jax.numpy as jnp
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from models import ConvBN

mesh = Mesh(jax.devices(), ('batch',))
model = ConvBN()
x = jnp.ones((32, 16, 16, 3))
y = jnp.zeros((32,), jnp.int32)

init_fn = jax.jit(partial(model.init, train=False))
print(init_fn.trace(jax.random.key(0), x).lower(lowering_platforms=('cuda',)).as_text()[:40])
variables = jax.eval_shape(partial(model.init, train=False), jax.random.key(0), x)

replicated = NamedSharding(mesh, P())
data = NamedSharding(mesh, P('batch'))


@partial(jax.jit, in_shardings=(replicated, replicated, data, data),
         out_shardings=(replicated, replicated, replicated))
def train_step(params, batch_stats, x, y):
  def loss_fn(params):
    logits, updates = model.apply({'params': params, 'batch_stats': batch_stats},
                                  x, train=True, mutable=['batch_stats'])
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
    return loss, updates
  (loss, updates), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
  return grads, updates['batch_stats'], loss


print(train_step.trace(variables['params'], variables['batch_stats'], x, y)
      .lower(lowering_platforms=('cuda',)).as_text()[:40])
