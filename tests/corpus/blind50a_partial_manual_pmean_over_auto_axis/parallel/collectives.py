import jax
from jax import lax

# every mesh axis the gradients are replicated over
REDUCE_AXES = ('dp', 'tp')


def sync_grads(grads):
  return jax.tree.map(lambda g: lax.pmean(g, REDUCE_AXES), grads)
