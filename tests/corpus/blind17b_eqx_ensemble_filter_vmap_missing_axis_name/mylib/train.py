import equinox as eqx
import jax.numpy as jnp


def make_eval(axis_name=None):
  @eqx.filter_jit
  def evaluate(ensemble, x):
    preds, mean = eqx.filter_vmap(lambda m, x: m(x), in_axes=(eqx.if_array(0), None))(ensemble, x)
    return jnp.var(preds, axis=0), mean[0]
  return evaluate
