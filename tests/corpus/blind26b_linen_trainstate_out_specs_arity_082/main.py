import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh, PartitionSpec as P

from cls.cnn import CNN

mesh = Mesh(np.array(jax.devices()), ('batch',))


def train_step(state, images, labels):
  def loss_fn(params):
    logits = state.apply_fn({'params': params}, images)
    one_hot = jax.nn.one_hot(labels, 10)
    return jnp.mean(optax.softmax_cross_entropy(logits, one_hot)), logits
  (loss, logits), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
  grads = jax.lax.pmean(grads, 'batch')
  accuracy = jax.lax.pmean(jnp.mean(jnp.argmax(logits, -1) == labels), 'batch')
  state = state.apply_gradients(grads=grads)
  return state, jax.lax.pmean(loss, 'batch'), accuracy


p_train_step = jax.jit(jax.shard_map(train_step, mesh=mesh,
                                     in_specs=(P(), P('batch'), P('batch')),
                                     out_specs=(P(), P()), check_vma=False))

cnn = CNN()
params = cnn.init(jax.random.key(0), jnp.ones([1, 28, 28, 1]))['params']
state = train_state.TrainState.create(apply_fn=cnn.apply, params=params,
                                      tx=optax.sgd(0.1, 0.9))
images, labels = jnp.ones((64, 28, 28, 1)), jnp.zeros((64,), jnp.int32)
p_train_step.trace(state, images, labels).lower(lowering_platforms=('cuda',))
print('lowered')
