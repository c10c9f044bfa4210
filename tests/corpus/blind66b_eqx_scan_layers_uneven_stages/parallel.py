import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from config import STAGE_AXIS
from model import apply_layers


def pipeline(mesh):
  """Decorator factory: stage-parallel forward of a stacked layer pytree."""
  n = mesh.shape[STAGE_AXIS]
  perm = [(j, (j + 1) % n) for j in range(n)]

  def decorator(static):

    def run(layer_params, x):
      layers = eqx.combine(layer_params, static)
      stage = jax.lax.axis_index(STAGE_AXIS)
      h = jax.lax.pcast(x, STAGE_AXIS, to="varying")
      for i in range(n):
        h = jnp.where(stage == i, apply_layers(layers, h), h)
        h = jax.lax.ppermute(h, STAGE_AXIS, perm)
      return jax.lax.psum(jnp.where(stage == 0, h, 0.0), STAGE_AXIS)

    return jax.shard_map(run, mesh=mesh, in_specs=(P(STAGE_AXIS), P()),
                         out_specs=P())

  return decorator
