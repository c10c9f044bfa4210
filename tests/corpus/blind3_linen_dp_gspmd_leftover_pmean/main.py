import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from model import CNN

mesh = Mesh(np.array(jax.devices()), ('data',))
replicated = NamedSharding(mesh, P())
data_sharded = NamedSharding(mesh, P('data'))


def create_state(rng):
  cnn = CNN()
  params = cnn.init(rng, jnp.ones([1, 8, 8, 1]))['params']
  return train_state.TrainState.create(apply_fn=cnn.apply, params=params, tx=optax.sgd(0.1, 0.9))


def train_step(state, images, labels):
  def loss_fn(params):
    logits = state.apply_fn({'params': params}, images)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    return loss, logits

  (loss, logits), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
  # Left over from the pmap version: with GSPMD the mean over the batch is global already.
  grads = lax.pmean(grads, axis_name='data')
  accuracy = jnp.mean(jnp.argmax(logits, -1) == labels)
  return state.apply_gradients(grads=grads), {'loss': loss, 'accuracy': accuracy}


train_step = jax.jit(
    train_step,
    in_shardings=(replicated, data_sharded, data_sharded),
    out_shardings=(replicated, replicated),
    donate_argnums=0,
)

if __name__ == '__main__':
  state = jax.eval_shape(create_state, jax.random.key(0))
  images = jax.ShapeDtypeStruct((16, 8, 8, 1), jnp.float32)
  labels = jax.ShapeDtypeStruct((16,), jnp.int32)
  print(train_step.trace(state, images, labels).lower(lowering_platforms=('cuda',)).as_text()[:100])
