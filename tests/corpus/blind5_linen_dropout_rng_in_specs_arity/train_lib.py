import jax
import optax
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P


def train_step(state, batch, dropout_key):
  # a different dropout mask on every device and every step
  dropout_key = jax.random.fold_in(dropout_key, jax.lax.axis_index('data'))
  dropout_key = jax.random.fold_in(dropout_key, state.step)

  def loss_fn(params):
    logits = state.apply_fn({'params': params}, batch['x'], train=True,
                            rngs={'dropout': dropout_key})
    return optax.softmax_cross_entropy_with_integer_labels(logits, batch['y']).mean()

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  grads = jax.lax.pmean(grads, 'data')
  return state.apply_gradients(grads=grads), jax.lax.pmean(loss, 'data')


def compile_train_step(mesh):
  batch_spec = {'x': P('data'), 'y': P('data')}
  return jax.jit(shard_map(train_step, mesh, in_specs=(P(), batch_spec), out_specs=(P(), P())))
