import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from ring_attention import Transformer

RING_SIZE = 8  # one 8-chip slice per sequence-parallel group

mesh = Mesh(np.array(jax.devices()), ('sp',))
model = Transformer(num_layers=2, ring_size=RING_SIZE)
x = jnp.ones((2, 4 * 16, 16))

init = jax.shard_map(model.init, mesh=mesh, in_specs=(P(), P(None, 'sp')), out_specs=P(),
                     check_vma=False)
params = jax.jit(init).eval_shape(jax.random.key(0), x)

forward = jax.jit(jax.shard_map(model.apply, mesh=mesh, in_specs=(P(), P(None, 'sp')),
                                out_specs=P(None, 'sp'), check_vma=False))
forward.trace(params, x).lower(lowering_platforms=("cuda",))
