import jax
import jax.numpy as jnp
import optax
from jax.sharding import PartitionSpec as P

PARAM_SPECS = {
    'col': {'kernel': P(None, 'model'), 'bias': P('model')},
    'row': {'kernel_shard': {'kernel': P('model', None)}, 'bias': P()},
}

tx = optax.adamw(1e-3)


def build(model, mesh):
  def init(key, x):
    return model.init(key, x)['params']

  init_sharded = jax.jit(jax.shard_map(
      init, mesh=mesh, in_specs=(P(), P('data')), out_specs=PARAM_SPECS))

  def local_step(params, opt_state, x, y):
    def loss_fn(p):
      pred = model.apply({'params': p}, x)
      return jnp.mean(optax.softmax_cross_entropy_with_integer_labels(pred, y))
    loss, grads = jax.value_and_grad(loss_fn)(params)
    grads = jax.lax.pmean(grads, 'data')
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, jax.lax.pmean(loss, 'data')

  def make_step(opt_state_specs):
    return jax.jit(jax.shard_map(
        local_step, mesh=mesh,
        in_specs=(PARAM_SPECS, opt_state_specs, P('data'), P('data')),
        out_specs=(PARAM_SPECS, opt_state_specs, P())))

  return init_sharded, make_step


def make_eval_step(model):
  # Evaluate on the full (gathered) parameters: a single shard holds everything.
  eval_model = model.clone(tp_size=1)

  @jax.jit
  def eval_step(params, x):
    logits = eval_model.apply({'params': params}, x)
    return jnp.argmax(logits, axis=-1)

  return eval_step
