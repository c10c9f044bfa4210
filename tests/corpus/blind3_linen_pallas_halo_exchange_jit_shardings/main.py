import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from model import HaloConv

mesh = Mesh(np.array(jax.devices()), ('x',))
layer = HaloConv(features=128, axis_name='x')
replicated = NamedSharding(mesh, P())
seq_sharded = NamedSharding(mesh, P('x'))

variables = jax.eval_shape(layer.init, jax.random.key(0), jax.ShapeDtypeStruct((64, 128), jnp.float32))
apply = jax.jit(layer.apply, in_shardings=(replicated, seq_sharded), out_shardings=seq_sharded)

x = jax.ShapeDtypeStruct((4 * 64, 128), jnp.float32)
print(apply.trace(variables, x).lower(lowering_platforms=('tpu',)).as_text()[:80])
