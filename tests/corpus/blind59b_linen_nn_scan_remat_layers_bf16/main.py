import functools

import jax
import jax.numpy as jnp
import optax
from flax.training import train_state
from jax.sharding import NamedSharding, PartitionSpec as P

from layers import Encoder


def train_step(state, tokens, labels, dropout_rng):
  def loss_fn(params):
    logits = state.apply_fn({'params': params}, tokens, rngs={'dropout': dropout_rng})
    return optax.softmax_cross_entropy_with_integer_labels(logits.astype(jnp.float32),
                                                           labels).mean()
  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads), loss


if __name__ == '__main__':
  model = Encoder()
  tokens = jnp.zeros((16, 128), jnp.int32)
  variables = jax.eval_shape(functools.partial(model.init, deterministic=True),
                             jax.random.PRNGKey(0), tokens)
  state = train_state.TrainState.create(apply_fn=model.apply, params=variables['params'],
                                        tx=optax.adamw(1e-4))
  mesh = jax.make_mesh((4,), ('data',))
  data = NamedSharding(mesh, P('data'))
  step = jax.jit(train_step, in_shardings=(NamedSharding(mesh, P()), data, data, None),
                 donate_argnums=(0,))
  step.trace(state, tokens, jnp.zeros((16,), jnp.int32),
             jax.random.PRNGKey(1)).lower(lowering_platforms=('tpu',))
