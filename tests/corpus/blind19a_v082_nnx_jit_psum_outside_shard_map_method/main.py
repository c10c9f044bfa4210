import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Model(nnx.Module):
  def __init__(self, rngs):
    self.l1 = nnx.Linear(8, 8, rngs=rngs)

  def __call__(self, x):
    return self.l1(x)

  def global_norm(self):
    sq = sum(jnp.sum(p ** 2) for p in jax.tree.leaves(nnx.state(self, nnx.Param)))
    return jnp.sqrt(lax.psum(sq, 'fsdp'))


@nnx.jit
def clip_scale(model):
  return jnp.minimum(1.0, 1.0 / model.global_norm())


model = Model(nnx.Rngs(0))
graphdef, state = nnx.split(model)
jax.jit(lambda s: clip_scale(nnx.merge(graphdef, s))).trace(state).lower(lowering_platforms=('cuda',))
