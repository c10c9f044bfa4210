import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from model import HaloConv

mesh = Mesh(np.array(jax.devices()), ('x',))
layer = HaloConv(features=128, axis_name='x')
shard_fn = functools.partial(jax.shard_map, mesh=mesh, check_vma=False)

init = jax.jit(shard_fn(lambda x: layer.init(jax.random.key(0), x), in_specs=P('x'), out_specs=P()))
apply = jax.jit(shard_fn(layer.apply, in_specs=(P(), P('x')), out_specs=P('x')))

x = jax.ShapeDtypeStruct((4 * 64, 128), jnp.float32)
variables = jax.eval_shape(init, x)
print(apply.trace(variables, x).lower(lowering_platforms=('tpu',)).as_text()[:80])
