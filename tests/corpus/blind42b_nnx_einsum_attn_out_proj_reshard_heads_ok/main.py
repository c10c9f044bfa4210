import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from model.attention import Attention

mesh = jax.make_mesh((2, 2), ('data', 'model'))

with jax.set_mesh(mesh):
  attn = Attention(64, 4, 16, rngs=nnx.Rngs(0))
  print(nnx.get_partition_spec(nnx.state(attn, nnx.Param)))
  x = jax.device_put(jnp.zeros((4, 16, 64)), P('data', None, None))

  @nnx.jit
  def apply(attn, x):
    return attn(x)

  lowered = apply.trace(attn, x).lower(lowering_platforms=('cuda',))
  print(lowered.as_text()[:40])
