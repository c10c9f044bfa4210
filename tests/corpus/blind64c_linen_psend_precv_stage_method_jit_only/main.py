import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

import runner
from stages import PipelinedModel


def main():
  mesh = Mesh(np.array(jax.devices()), ('stage',))
  n = mesh.shape['stage']
  model = PipelinedModel(features=256, num_stages=n)
  micro = jax.ShapeDtypeStruct((16, 256), jnp.float32)
  stacked = jax.eval_shape(lambda k, x: runner.init_stages(model, k, x), jax.random.key(0), micro)

  acts = jax.ShapeDtypeStruct((16 * n, 256), jnp.float32)
  step = runner.compile_step(model, mesh)
  step.trace(stacked, acts).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
