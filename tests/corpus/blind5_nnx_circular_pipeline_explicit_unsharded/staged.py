import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class StagedMLP(nnx.Module):
  """One weight slice per pipeline stage, stacked on a leading `stage` dimension."""

  def __init__(self, num_stages: int, dim: int, *, axis_name: str, rngs: nnx.Rngs):
    init = nnx.initializers.lecun_normal()
    self.w = nnx.Param(init(rngs.params(), (num_stages, dim, dim)))
    self.b = nnx.Param(jnp.zeros((num_stages, dim)))
    self.num_stages = num_stages
    self.axis_name = axis_name

  def stage_fn(self, x):
    # inside shard_map each device sees its own [1, ...] slice
    return jnp.tanh(x @ self.w[0] + self.b[0])

  def rotate(self, x):
    n = self.num_stages
    return lax.ppermute(x, self.axis_name, perm=[(i, (i + 1) % n) for i in range(n)])

  def __call__(self, microbatches):
    n, m = self.num_stages, microbatches.shape[0]
    stage = lax.axis_index(self.axis_name)

    def tick(t, carry):
      model, h, outs = carry
      h = jnp.where(stage == 0, microbatches[t % m], h)
      h = model.stage_fn(h)
      done = jnp.logical_and(stage == n - 1, t >= n - 1)
      outs = outs.at[(t - n + 1) % m].set(jnp.where(done, h, outs[(t - n + 1) % m]))
      return model, model.rotate(h), outs

    h0, outs0 = jnp.zeros_like(microbatches[0]), jnp.zeros_like(microbatches)
    h0, outs0 = lax.pcast((h0, outs0), (self.axis_name,), to='varying')
    init = (self, h0, outs0)
    _, _, outs = nnx.fori_loop(0, m + n - 1, tick, init)
    return lax.psum(outs, self.axis_name)
