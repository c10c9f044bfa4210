import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from model import HaloConv

# 2 data-parallel replicas x 2 sequence shards; the data axis is left to the partitioner.
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'x'))
layer = HaloConv(features=128, axis_name='x')
seq_only = functools.partial(jax.shard_map, mesh=mesh, axis_names={'x'}, check_vma=False)

init = jax.jit(seq_only(lambda x: layer.init(jax.random.key(0), x), in_specs=P('x'), out_specs=P()))
apply = jax.jit(seq_only(layer.apply, in_specs=(P(), P('x')), out_specs=P('x')))

x = jax.ShapeDtypeStruct((2 * 64, 128), jnp.float32)
variables = jax.eval_shape(init, x)
print(apply.trace(variables, x).lower(lowering_platforms=('tpu',)).as_text()[:80])
