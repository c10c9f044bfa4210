import flax.nnx as nnx
import jax.numpy as jnp


class Stage(nnx.Module):

  def __init__(self, dim: int, *, rngs: nnx.Rngs):
    self.norm = nnx.RMSNorm(dim, dtype=jnp.bfloat16, rngs=rngs)
    self.w_in = nnx.Linear(dim, 4 * dim, dtype=jnp.bfloat16, rngs=rngs)
    self.w_out = nnx.Linear(4 * dim, dim, dtype=jnp.bfloat16, rngs=rngs)

  def __call__(self, x):
    return x + self.w_out(nnx.silu(self.w_in(self.norm(x))))


def make_stages(num_stages: int, dim: int):
  @nnx.split_rngs(splits=num_stages)
  @nnx.vmap(in_axes=0, out_axes=0)
  def create(rngs: nnx.Rngs):
    return Stage(dim, rngs=rngs)

  return create(nnx.Rngs(0))
