from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


def make_loss(mesh, axis):

  @partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(axis), P(axis)), out_specs=P())
  def token_weighted_loss(emb, tokens, mask):
    logits = emb[tokens[:, :-1]] @ emb.T
    nll = optax.softmax_cross_entropy_with_integer_labels(logits, tokens[:, 1:])
    local_sum = jnp.sum(nll * mask[:, 1:])
    n_tokens = lax.psum(jnp.sum(mask[:, 1:]), axis)
    per_device_mean = lax.psum(local_sum, axis) / jnp.maximum(n_tokens, 1.0)
    # sanity value: average of per-device means, computed with axis_size
    avg = lax.psum(local_sum / jnp.maximum(jnp.sum(mask[:, 1:]), 1.0), axis) / lax.axis_size(axis)
    return per_device_mean + 0.0 * avg

  return token_weighted_loss


def main():
  mesh = Mesh(np.array(jax.devices()), ('dp',))
  loss = make_loss(mesh, 'dp')
  step = jax.jit(jax.value_and_grad(loss))
  emb = jnp.ones((50, 16))
  tokens = jnp.zeros((8, 12), jnp.int32)
  mask = jnp.ones((8, 12))
  step.trace(emb, tokens, mask).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
