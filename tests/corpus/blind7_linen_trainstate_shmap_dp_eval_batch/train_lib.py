import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax.training import train_state
from jax.sharding import PartitionSpec as P


class MLP(nn.Module):
  hidden: int = 128
  num_classes: int = 10

  @nn.compact
  def __call__(self, x, *, train: bool):
    x = nn.relu(nn.Dense(self.hidden)(x))
    x = nn.Dropout(0.2, deterministic=not train)(x)
    x = nn.relu(nn.Dense(self.hidden)(x))
    return nn.Dense(self.num_classes)(x)


def create_train_state(rng, model, input_dim, lr):
  params = model.init(rng, jnp.ones((1, input_dim)), train=False)['params']
  return train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.adam(lr))


def _metrics(logits, labels, axis):
  loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
  acc = jnp.mean(jnp.argmax(logits, -1) == labels)
  return jax.lax.pmean({'loss': loss, 'accuracy': acc}, axis)


def make_steps(mesh, axis='batch'):
  data = P(axis)

  @jax.jit
  @functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), data, data, P()),
                     out_specs=(P(), P()))
  def train_step(state, x, y, rng):
    rng = jax.random.fold_in(rng, jax.lax.axis_index(axis))

    def loss_fn(params):
      logits = state.apply_fn({'params': params}, x, train=True, rngs={'dropout': rng})
      return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean(), logits

    (_, logits), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
    grads = jax.lax.pmean(grads, axis)
    return state.apply_gradients(grads=grads), _metrics(logits, y, axis)

  @jax.jit
  @functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), data, data), out_specs=P())
  def eval_step(state, x, y):
    logits = state.apply_fn({'params': state.params}, x, train=False)
    return _metrics(logits, y, axis)

  return train_step, eval_step
