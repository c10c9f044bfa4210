import functools

import jax
import jax.numpy as jnp

from collectives import rank_aware_dropout_key, sync_batch_stats

AXIS = 'replica'


def replica_forward(key, w, x):
  k = rank_aware_dropout_key(key, AXIS)
  h = sync_batch_stats(x @ w, AXIS)
  keep = jax.random.bernoulli(k, 0.9, h.shape)
  return jnp.where(keep, h / 0.9, 0.0)


def main():
  n_fake = 4
  key = jax.random.key(0)
  w = jnp.ones((8, 16))
  xs = jnp.ones((n_fake, 5, 8))
  # single-device emulation of n_fake replicas
  emulated = jax.jit(jax.vmap(replica_forward, in_axes=(None, None, 0), axis_name=AXIS))
  emulated.trace(key, w, xs).lower(lowering_platforms=('cuda',))
  # real multi-device run
  real = jax.pmap(replica_forward, in_axes=(None, None, 0), axis_name=AXIS)
  jax.jit(real).trace(key, w, xs).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
