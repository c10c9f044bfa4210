from jax import lax


def allreduce_grads(grads):
  return lax.pmean(grads, axis_name="batch")
