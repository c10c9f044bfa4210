import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax

STAGES = 4
PERM = tuple((i, i + 1) for i in range(STAGES - 1))


class Stage(eqx.Module):
  lin: eqx.nn.Linear

  def __call__(self, x):
    h = jax.nn.gelu(self.lin(x))
    tok = lax.psend(h, "stages", PERM)
    return lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), "stages", PERM)


stages = eqx.filter_vmap(lambda k: Stage(eqx.nn.Linear(16, 16, key=k)))(
    jax.random.split(jax.random.key(1), STAGES))


@eqx.filter_jit
def simulate(stages, x):
  return eqx.filter_vmap(lambda s, x: s(x), in_axes=(0, None), axis_name="stages")(stages, x)


jax.jit(simulate).trace(stages, jnp.ones((16,))).lower(lowering_platforms=("cuda",))
