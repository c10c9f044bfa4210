import flax.nnx as nnx
import jax
import jax.numpy as jnp

STAGE_AXIS = "stage"


class Block(nnx.Module):

  def __init__(self, dim: int, *, rngs: nnx.Rngs):
    self.norm = nnx.RMSNorm(dim, rngs=rngs)
    self.proj = nnx.Linear(dim, dim, rngs=rngs)

  def __call__(self, x):
    return x + nnx.silu(self.proj(self.norm(x)))


def send_to_next_stage(x, num_stages: int):
  """Point-to-point hand-off i -> i + 1; stage 0 receives zeros."""
  perm = [(i, i + 1) for i in range(num_stages - 1)]
  token = jax.lax.psend(x, STAGE_AXIS, perm)
  return jax.lax.precv(token, jax.ShapeDtypeStruct(x.shape, x.dtype), STAGE_AXIS, perm)


class Pipeline(nnx.Module):
  """`num_stages` blocks stacked on a leading axis, one per device along `stage`."""

  def __init__(self, num_stages: int, dim: int, *, rngs: nnx.Rngs):
    self.num_stages = num_stages

    @nnx.split_rngs(splits=num_stages)
    @nnx.vmap(in_axes=0, out_axes=0)
    def make_block(rngs: nnx.Rngs):
      return Block(dim, rngs=rngs)

    self.blocks = make_block(rngs)

  def __call__(self, x):
    graphdef, state = nnx.split(self.blocks)
    block = nnx.merge(graphdef, jax.tree.map(lambda a: a[0], state))
    for _ in range(self.num_stages - 1):
      x = send_to_next_stage(block(x), self.num_stages)
    x = block(x)
    is_last = jax.lax.axis_index(STAGE_AXIS) == self.num_stages - 1
    return jax.lax.psum(jnp.where(is_last, x, jnp.zeros_like(x)), STAGE_AXIS)
