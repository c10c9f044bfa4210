import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from p2p import send_to_next


class TwoLayerStage:
  """Each device of the 'pp' axis owns one stage's weights (stacked on axis 0)."""

  def __init__(self, mesh, n_stages):
    self.mesh = mesh
    self.n_stages = n_stages
    stage_sharded = NamedSharding(mesh, P("pp"))
    self.step = jax.jit(self._step, in_shardings=(stage_sharded, stage_sharded),
                        out_shardings=stage_sharded)

  def _step(self, w, acts):
    # w: [stages, d, d], acts: [stages, mb, d]; compute this stage then hand off
    y = jax.nn.relu(jnp.einsum("smd,sde->sme", acts, w))
    return send_to_next(y, "pp", self.n_stages)


if __name__ == "__main__":
  mesh = Mesh(np.array(jax.devices()), ("pp",))
  stage = TwoLayerStage(mesh, n_stages=4)
  w = jax.ShapeDtypeStruct((4, 512, 512), jnp.bfloat16)
  acts = jax.ShapeDtypeStruct((4, 16, 512), jnp.bfloat16)
  stage.step.trace(w, acts).lower(lowering_platforms=("cuda",))
