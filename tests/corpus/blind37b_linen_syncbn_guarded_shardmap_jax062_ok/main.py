import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
import optax
from flax.training import train_state
from jax.sharding import PartitionSpec as P

from utils.compat import shard_map


class ResBlock(nn.Module):
  @nn.compact
  def __call__(self, x, train: bool = True):
    norm = functools.partial(nn.BatchNorm, use_running_average=not train,
                             momentum=0.9, epsilon=1e-5, axis_name='batch')
    y = nn.Conv(16, (3, 3))(x)
    y = norm()(y)
    y = nn.relu(y)
    y = jnp.mean(y, axis=(1, 2))
    return nn.Dense(10)(y)


class TrainState(train_state.TrainState):
  batch_stats: dict


model = ResBlock()
variables = model.init(jax.random.key(0), jnp.ones((1, 8, 8, 3)), train=False)
state = TrainState.create(apply_fn=model.apply, params=variables['params'],
                          batch_stats=variables['batch_stats'], tx=optax.sgd(0.1, 0.9))
mesh = jax.make_mesh((4,), ('batch',))


def train_step(state, images, labels):
  def loss_fn(params):
    logits, new_model_state = state.apply_fn(
        {'params': params, 'batch_stats': state.batch_stats}, images,
        mutable=['batch_stats'])
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    return loss, new_model_state

  (loss, new_model_state), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
  grads = jax.lax.pmean(grads, axis_name='batch')
  state = state.apply_gradients(grads=grads, batch_stats=new_model_state['batch_stats'])
  return state, jax.lax.pmean(loss, 'batch')


p_train_step = jax.jit(shard_map(train_step, mesh, in_specs=(P(), P('batch'), P('batch')),
                                 out_specs=(P(), P())))
images = jnp.ones((16, 8, 8, 3))
labels = jnp.zeros((16,), jnp.int32)
print(p_train_step.trace(state, images, labels).lower(lowering_platforms=('cuda',)).as_text()[:40])
