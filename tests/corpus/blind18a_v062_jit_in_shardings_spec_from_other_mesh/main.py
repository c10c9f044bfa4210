import jax
import jax.numpy as jnp

from shardings import shardings_for

mesh = jax.make_mesh((4,), ('data',))


def eval_step(w, x):
  return jnp.argmax(x @ w, axis=-1)


in_sh = shardings_for(mesh, 'params', 'batch')
step = jax.jit(eval_step, in_shardings=in_sh)
step.trace(jnp.ones((16, 10)), jnp.ones((32, 16))).lower(lowering_platforms=('cuda',))
