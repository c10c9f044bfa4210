import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from kernels.attention import flash_attention


class FlashSelfAttention(nnx.Module):
  def __init__(self, d_model, num_heads, *, rngs):
    self.num_heads = num_heads
    self.head_dim = d_model // num_heads
    self.qkv = nnx.LinearGeneral(d_model, (3, num_heads, self.head_dim), rngs=rngs)
    self.out = nnx.LinearGeneral((num_heads, self.head_dim), d_model, axis=(-2, -1), rngs=rngs)

  def __call__(self, x):
    qkv = self.qkv(x)
    q, k, v = (qkv[:, :, i].transpose(0, 2, 1, 3) for i in range(3))
    o = flash_attention(q, k, v, sm_scale=self.head_dim ** -0.5)
    return self.out(o.transpose(0, 2, 1, 3))


mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Auto,))
model = FlashSelfAttention(512, 4, rngs=nnx.Rngs(0))


@nnx.jit
def forward(model, x):
  return model(x)


x = jax.device_put(jnp.ones((8, 128, 512), jnp.float32), NamedSharding(mesh, P("data")))
print(forward.trace(model, x).lower(lowering_platforms=("tpu",)).as_text()[:20])
