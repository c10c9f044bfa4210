import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

from stages import TransformerStage


class PipelineRunner:
  def __init__(self, num_stages, d_model=512):
    self.num_stages = num_stages
    self.stage = TransformerStage(d_model)
    self.mesh = jax.make_mesh((num_stages,), ('stage',),
                              axis_types=(jax.sharding.AxisType.Auto,))
    self.perm = [(i, (i + 1) % num_stages) for i in range(num_stages)]

  def _tick(self, stacked_params, microbatch):
    idx = 0  # this stage's slice; GSPMD partitions the stacked dim
    params = jax.tree.map(lambda p: p[idx], stacked_params)
    y = self.stage.apply({'params': params}, microbatch)
    tok = lax.psend(y, 'stage', self.perm)
    return lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), 'stage', self.perm)

  def compile_tick(self, stacked_params, microbatch):
    stage_sharding = NamedSharding(self.mesh, P('stage'))
    tick = jax.jit(self._tick,
                   in_shardings=(stage_sharding, NamedSharding(self.mesh, P())))
    return tick.trace(stacked_params, microbatch).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  runner = PipelineRunner(4)
  mb = jax.ShapeDtypeStruct((8, 64, 512), jnp.bfloat16)
  one = jax.eval_shape(runner.stage.init, jax.random.key(0), mb)['params']
  stacked = jax.tree.map(lambda a: jax.ShapeDtypeStruct((4,) + a.shape, a.dtype), one)
  runner.compile_tick(stacked, mb)
