import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from parallel import sharded_jit
from ring_attention import Transformer

mesh = Mesh(np.array(jax.devices()), ('sp',))
model = Transformer(num_layers=2, ring_size=mesh.shape['sp'])
x = jnp.ones((2, 4 * 16, 16))

params = sharded_jit(model.init, mesh, (P(), P(None, 'sp')), P()).eval_shape(jax.random.key(0), x)
forward = sharded_jit(model.apply, mesh, (P(), P(None, 'sp')), P(None, 'sp'))
forward.trace(params, x).lower(lowering_platforms=("cuda",))
