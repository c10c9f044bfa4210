import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from linalg_blocks import matvec_rows, rmatvec_scatter

mesh = Mesh(np.asarray(jax.devices()).reshape(2, 2), ("i", "j"))
LAMBDA = 1e-3


def ridge_grad_local(x_blk, w_blk, y_blk):
  residual = matvec_rows(x_blk, w_blk, "j") - y_blk          # (n/2,)
  g = rmatvec_scatter(x_blk, residual, "i")                  # (d/4,)
  n_total = x_blk.shape[0] * 2
  return g / n_total


ridge_grad = shard_map(ridge_grad_local, mesh,
                       in_specs=(P("i", "j"), P("j"), P("i")),
                       out_specs=P(("j", "i")))


@jax.jit
def gd_step(x, w, y, lr):
  g = ridge_grad(x, w, y) + LAMBDA * w
  return w - lr * g


if __name__ == "__main__":
  n, d = 8192, 256
  x = jax.ShapeDtypeStruct((n, d), jnp.float32, sharding=NamedSharding(mesh, P("i", "j")))
  w = jax.ShapeDtypeStruct((d,), jnp.float32, sharding=NamedSharding(mesh, P("j")))
  y = jax.ShapeDtypeStruct((n,), jnp.float32, sharding=NamedSharding(mesh, P("i")))
  gd_step.trace(x, w, y, 0.1).lower(lowering_platforms=("cuda",))
