import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from ring_attention import RingAttention

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'context'))
attn = RingAttention(16, ring_size=jax.device_count(), rngs=nnx.Rngs(0))


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(P(), P('data', 'context')), out_specs=P('data', 'context'))
def forward(attn, x):
  return attn(x)


forward.trace(attn, jnp.ones((2, 16, 16))).lower(lowering_platforms=('cuda',))
