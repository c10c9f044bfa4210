import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from mlp_block import MlpBlock
from sharding_rules import LOGICAL_AXIS_RULES, MESH_AXES


def main():
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), MESH_AXES)
  block = MlpBlock(mlp_dim=512)
  x = jax.ShapeDtypeStruct((8, 128, 256), jnp.float32)
  rng = jax.random.PRNGKey(0)

  with jax.set_mesh(mesh), nn.logical_axis_rules(LOGICAL_AXIS_RULES):
    abstract = jax.eval_shape(block.init, rng, x)
    shardings = nn.logical_to_mesh_sharding(nn.get_partition_spec(abstract), mesh, LOGICAL_AXIS_RULES)
    init = jax.jit(block.init, out_shardings=shardings)
    init.trace(rng, x).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
