import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from comm.allreduce import make_butterfly_allreduce


def build_step(mesh):
  allreduce = make_butterfly_allreduce(mesh, "dp")

  @jax.jit
  def sync_grads(local_grads):
    # local_grads: [n_dev * rows, cols], one slice of per-device gradients per device
    return allreduce(local_grads) / mesh.shape["dp"]

  return sync_grads


if __name__ == "__main__":
  mesh = Mesh(np.array(jax.devices()), ("dp",))
  step = build_step(mesh)
  g = jax.ShapeDtypeStruct((32, 256), jnp.float32)
  step.trace(g).lower(lowering_platforms=("tpu",))
