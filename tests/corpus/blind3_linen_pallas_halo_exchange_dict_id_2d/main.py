import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from model import HaloConv

# 2 data-parallel replicas x 2 sequence shards.
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'x'))
layer = HaloConv(features=128, axis_name='x')
manual = functools.partial(jax.shard_map, mesh=mesh, check_vma=False)

init = jax.jit(manual(lambda x: layer.init(jax.random.key(0), x), in_specs=P('x'), out_specs=P()))


def apply_local(variables, xb):
  # xb: (local batch, local seq, features); one halo exchange per example.
  return jnp.stack([layer.apply(variables, xb[i]) for i in range(xb.shape[0])])


apply = jax.jit(manual(apply_local, in_specs=(P(), P('data', 'x')), out_specs=P('data', 'x')))

x = jax.ShapeDtypeStruct((2 * 64, 128), jnp.float32)
variables = jax.eval_shape(init, x)
x = jax.ShapeDtypeStruct((2, 2 * 64, 128), jnp.float32)
print(apply.trace(variables, x).lower(lowering_platforms=('tpu',)).as_text()[:80])
