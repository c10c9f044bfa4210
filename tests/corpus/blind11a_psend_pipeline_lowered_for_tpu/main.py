import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import export, lax
from jax.sharding import Mesh, PartitionSpec as P


class Stage(nnx.Module):

  def __init__(self, rngs):
    self.lin = nnx.Linear(128, 128, rngs=rngs)

  def __call__(self, x):
    return nnx.relu(self.lin(x))


def main():
  mesh = Mesh(np.array(jax.devices()), ('pp',))
  graphdef, params = nnx.split(Stage(nnx.Rngs(0)))

  def per_stage(params, x):
    stage = nnx.merge(graphdef, params)
    perm = [(0, 1), (1, 2), (2, 3)]
    h = stage(x)
    for _ in range(3):
      tok = lax.psend(h, 'pp', perm)
      h = stage(lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), 'pp', perm))
    return h

  fn = jax.jit(jax.shard_map(per_stage, mesh=mesh, in_specs=(P(), P()), out_specs=P('pp')))
  exp = export.export(fn, platforms=['tpu'])(params, jnp.ones((8, 128)))
  print(exp.mlir_module()[:100])


if __name__ == '__main__':
  main()
