from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from jax.sharding import PartitionSpec as P


class ConvNet(nn.Module):
  @nn.compact
  def __call__(self, x, train: bool):
    x = nn.Conv(32, (3, 3))(x)
    x = nn.BatchNorm(use_running_average=not train, momentum=0.9, axis_name='data')(x)
    x = nn.relu(x)
    x = x.mean(axis=(1, 2))
    return nn.Dense(10)(x)


model = ConvNet()
tx = optax.sgd(0.1, momentum=0.9)
mesh = jax.make_mesh((4,), ('data',))


@jax.jit
@partial(jax.shard_map, mesh=mesh,
         in_specs=({'params': P()}, P(), P('data'), P('data')),
         out_specs=({'params': P()}, P(), P()))
def train_step(variables, opt_state, images, labels):
  def loss_fn(params):
    logits, updates = model.apply({'params': params, 'batch_stats': variables['batch_stats']},
                                  images, train=True, mutable=['batch_stats'])
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    return loss, updates
  (loss, updates), grads = jax.value_and_grad(loss_fn, has_aux=True)(variables['params'])
  grads = jax.lax.pmean(grads, 'data')
  upd, opt_state = tx.update(grads, opt_state, variables['params'])
  params = optax.apply_updates(variables['params'], upd)
  return {'params': params, 'batch_stats': updates['batch_stats']}, opt_state, jax.lax.pmean(loss, 'data')


if __name__ == '__main__':
  images = jax.ShapeDtypeStruct((32, 16, 16, 3), jnp.float32)
  labels = jax.ShapeDtypeStruct((32,), jnp.int32)
  variables = jax.eval_shape(partial(model.init, train=False), jax.random.key(0), images)
  opt_state = jax.eval_shape(tx.init, variables['params'])
  train_step.trace(variables, opt_state, images, labels).lower(lowering_platforms=('tpu',))
