import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from stages import AXIS, SendRecvStage

mesh = jax.make_mesh((4,), (AXIS,), axis_types=(AxisType.Auto,))


class Pipeline(nnx.Module):
  def __init__(self, d, rngs):
    self.stage = SendRecvStage(d, n_stages=4, rngs=rngs)

  @nnx.jit
  def tick(self, acts):
    # GSPMD is expected to place one microbatch per device via the input sharding
    return self.stage(acts)


pipe = Pipeline(64, nnx.Rngs(0))
acts = jax.device_put(jnp.ones((4 * 8, 64)), NamedSharding(mesh, P(AXIS)))
Pipeline.tick.trace(pipe, acts).lower(lowering_platforms=('cuda',))
