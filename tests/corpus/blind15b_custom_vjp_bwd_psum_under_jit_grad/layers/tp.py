import jax

TP_AXIS = 'model'


@jax.custom_vjp
def copy_to_tp(x):
  return x


def _copy_fwd(x):
  return x, None


def _copy_bwd(_, g):
  return (jax.lax.psum(g, TP_AXIS),)


copy_to_tp.defvjp(_copy_fwd, _copy_bwd)


def column_parallel(x, w):
  return copy_to_tp(x) @ w
