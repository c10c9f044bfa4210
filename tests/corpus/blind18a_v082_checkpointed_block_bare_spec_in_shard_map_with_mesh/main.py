import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from blocks import res_block

mesh = Mesh(np.array(jax.devices()), ('batch',))


def loss(ws, x):
  for w in ws:
    x = res_block(w, x)
  return jnp.mean(x ** 2)


def grad_step(ws, x):
  g = jax.grad(loss)(ws, x)
  return [jax.lax.psum(gi, 'batch') for gi in g]


with mesh:
  f = jax.jit(jax.shard_map(grad_step, mesh=mesh, in_specs=(P(), P('batch')),
                            out_specs=P(), check_vma=False))
  ws = [jnp.eye(16) for _ in range(2)]
  f.trace(ws, jnp.ones((8, 16))).lower(lowering_platforms=('cuda',))
