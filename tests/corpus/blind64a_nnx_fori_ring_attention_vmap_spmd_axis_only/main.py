import jax
import jax.numpy as jnp
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P
from flax import nnx

from parallel import ring_apply
from ring_attention import RING_AXIS, RingSelfAttention

n = len(jax.devices())
mesh = Mesh(jax.devices(), (RING_AXIS,))

attn = RingSelfAttention(d_model=256, num_heads=4, ring_size=n, rngs=nnx.Rngs(0))


@nnx.jit
def forward(attn, x):
  chunks = x.reshape(n, x.shape[0] // n, x.shape[1])
  return ring_apply(attn, chunks).reshape(x.shape)


x = jax.ShapeDtypeStruct((8192, 256), jnp.float32,
                         sharding=NamedSharding(mesh, P(RING_AXIS, None)))
with mesh:
  forward.trace(attn, x).lower(lowering_platforms=("cuda",))
