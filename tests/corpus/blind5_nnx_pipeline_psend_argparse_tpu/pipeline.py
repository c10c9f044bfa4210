"""GPipe-style forward: stage s holds layer s; activations flow s -> s+1 with
point-to-point sends (psend/precv), one microbatch per tick."""
import jax
import jax.numpy as jnp
from flax import nnx


class Stage(nnx.Module):
  def __init__(self, dim, *, rngs: nnx.Rngs):
    self.proj = nnx.Linear(dim, dim, rngs=rngs)
    self.norm = nnx.LayerNorm(dim, rngs=rngs)

  def __call__(self, x):
    return x + nnx.gelu(self.proj(self.norm(x)))


class Pipeline:
  def __init__(self, graphdef, axis_name, num_stages):
    self.graphdef = graphdef
    self.axis_name = axis_name
    self.num_stages = num_stages
    self.fwd_perm = [(i, i + 1) for i in range(num_stages - 1)]

  def shift(self, y):
    token = jax.lax.psend(y, self.axis_name, self.fwd_perm)
    return jax.lax.precv(token, jax.ShapeDtypeStruct(y.shape, y.dtype),
                         self.axis_name, self.fwd_perm)

  def __call__(self, stage_state, microbatches):
    stage = nnx.merge(self.graphdef, jax.tree.map(lambda a: a[0], stage_state))
    idx = jax.lax.axis_index(self.axis_name)
    num_micro = microbatches.shape[0]
    carry = jnp.zeros_like(microbatches[0])
    outputs = []
    for t in range(num_micro + self.num_stages - 1):
      inp = jnp.where(idx == 0, microbatches[min(t, num_micro - 1)], carry)
      out = stage(inp)
      outputs.append(out)
      carry = self.shift(out)
    # the last stage holds the results of the last `num_micro` ticks
    return jnp.stack(outputs[self.num_stages - 1:])[None]
