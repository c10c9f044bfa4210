from flax import nnx
import jax.numpy as jnp

N_STAGES = 2
D_MODEL = 128
GLOBAL_BATCH = 16


class Stage(nnx.Module):

  def __init__(self, d, *, rngs):
    self.fc1 = nnx.Linear(d, 4 * d, rngs=rngs)
    self.fc2 = nnx.Linear(4 * d, d, rngs=rngs)
    self.norm = nnx.LayerNorm(d, rngs=rngs)

  def __call__(self, x):
    return x + self.fc2(nnx.relu(self.fc1(self.norm(x))))


@nnx.split_rngs(splits=N_STAGES)
@nnx.vmap(in_axes=(0,), out_axes=0)
def make_stages(rngs: nnx.Rngs):
  return Stage(D_MODEL, rngs=rngs)
