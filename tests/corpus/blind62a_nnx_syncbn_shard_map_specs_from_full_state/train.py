import jax
import optax
from flax import nnx
from jax import lax
from jax.sharding import PartitionSpec as P


def make_train_step(graphdef, tx, mesh, state_specs):

  def train_step(params, rest, opt_state, x, y):
    model = nnx.merge(graphdef, params, rest)

    def loss_fn(model):
      logits = model(x)
      return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    grads = lax.pmean(grads, 'data')
    params = nnx.state(model, nnx.Param)
    updates, opt_state = tx.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    rest = nnx.state(model, nnx.Not(nnx.Param))
    return params, rest, opt_state, lax.pmean(loss, 'data')

  return jax.jit(jax.shard_map(
      train_step, mesh=mesh,
      in_specs=(state_specs, P(), P(), P('data'), P('data')),
      out_specs=(state_specs, P(), P(), P()),
  ), donate_argnums=(0, 1, 2))
