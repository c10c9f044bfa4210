import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class SPAttention(nnx.Module):
  def __init__(self, d, rngs):
    self.q = nnx.Linear(d, d, rngs=rngs)
    self.k = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, x):
    q, k = self.q(x), self.k(x)
    k_all = lax.all_gather(k, 'sp', axis=0, tiled=True)
    return jax.nn.softmax(q @ k_all.T, axis=-1) @ k_all


@nnx.jit
def forward(model, x):
  return model(x)


model = SPAttention(32, nnx.Rngs(0))
graphdef, state = nnx.split(model)
jax.jit(lambda s, x: forward(nnx.merge(graphdef, s), x)).trace(state, jnp.ones((16, 32))).lower(
    lowering_platforms=('cuda',))
