import jax
import jax.numpy as jnp
from jax import lax


@jax.custom_vjp
def copy_to_tp(x):
  return x


def copy_fwd(x):
  return x, None


def copy_bwd(res, g):
  return (lax.psum(g, 'tp'),)


copy_to_tp.defvjp(copy_fwd, copy_bwd)


def loss(w, x):
  return jnp.sum(jnp.tanh(copy_to_tp(x) @ w))


step = jax.jit(jax.grad(loss, argnums=1))
step.trace(jnp.ones((16, 4)), jnp.ones((8, 16))).lower(lowering_platforms=('cuda',))
print('ok')
