import jax

AXIS = 'model'


@jax.custom_vjp
def enter_tp(x):
  return x


def _fwd(x):
  return x, None


def _bwd(_, g):
  return (jax.lax.psum(g, AXIS),)


enter_tp.defvjp(_fwd, _bwd)
