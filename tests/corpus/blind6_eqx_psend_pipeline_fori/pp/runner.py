import equinox as eqx
import jax
import jax.numpy as jnp

from .p2p import shift_forward


class PipelineRunner(eqx.Module):
  static: eqx.Module = eqx.field(static=True)
  axis_name: str = eqx.field(static=True)
  num_stages: int = eqx.field(static=True)

  def __call__(self, stage_params, microbatches):
    stage = eqx.combine(jax.tree.map(lambda a: a[0], stage_params), self.static)
    me = jax.lax.axis_index(self.axis_name)
    num_mb = microbatches.shape[0]
    ticks = num_mb + self.num_stages - 1

    def tick(t, carry):
      state, outputs = carry
      mb = microbatches[jnp.minimum(t, num_mb - 1)]
      y = stage(jnp.where(me == 0, mb, state))
      outputs = outputs.at[jnp.clip(t - self.num_stages + 1, 0, num_mb - 1)].set(y)
      return shift_forward(y, self.axis_name, self.num_stages), outputs

    init = (jnp.zeros_like(microbatches[0]), jnp.zeros_like(microbatches))
    _, outputs = jax.lax.fori_loop(0, ticks, tick, init)
    return outputs[None]
