import jax
from jax import lax

# only the manual (shard_map) axes; 'tp' is left to the compiler
REDUCE_AXES = ('dp',)


def sync_grads(grads):
  return jax.tree.map(lambda g: lax.pmean(g, REDUCE_AXES), grads)
