import jax
from jax import lax

TP_AXIS = 'tp'


@jax.custom_vjp
def copy_to_tp_region(x):
  return x


def _copy_fwd(x):
  return x, None


def _copy_bwd(_, g):
  return (lax.psum(g, TP_AXIS),)


copy_to_tp_region.defvjp(_copy_fwd, _copy_bwd)
