"""Two-stage pipeline: activations go from each stage to the next over 'stage'."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

import comm


class Pipeline:
  def __init__(self, mesh):
    self.mesh = mesh
    self.n = mesh.shape[comm.STAGE]
    self.forward = jax.jit(self._forward)

  def _stage(self, w, x):
    return jax.nn.gelu(x @ w)

  def _forward(self, w, x):
    y = self._stage(w, x)
    tok = comm.send_next(y, self.n)
    return comm.recv_prev(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), self.n)


def main():
  mesh = jax.make_mesh((4,), (comm.STAGE,))
  pipe = Pipeline(mesh)
  w = jax.ShapeDtypeStruct((64, 64), jnp.float32, sharding=NamedSharding(mesh, P()))
  x = jax.ShapeDtypeStruct((32, 64), jnp.float32, sharding=NamedSharding(mesh, P('stage')))
  pipe.forward.trace(w, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
