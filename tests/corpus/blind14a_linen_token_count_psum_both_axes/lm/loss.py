import jax
import jax.numpy as jnp
import optax
from jax import lax
from jax.sharding import PartitionSpec as P

AXES = ('data', 'model')


def make_loss_fn(model, mesh, param_specs):

  def loss_fn(params, x, targets, mask):
    logits = model.apply({'params': params}, x)
    per_tok = optax.softmax_cross_entropy_with_integer_labels(logits, targets)
    total = lax.psum(jnp.sum(per_tok * mask), 'data')
    n_tokens = lax.psum(jnp.sum(mask), AXES)
    return total / jnp.maximum(n_tokens, 1.0)

  return jax.jit(jax.shard_map(
      loss_fn, mesh=mesh,
      in_specs=(param_specs, P('data'), P('data'), P('data')),
      out_specs=P()))
