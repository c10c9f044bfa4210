import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from parallel.decorators import sequence_parallel
from parallel.ulysses import ulysses_attention

MESH_CFG = dict(shape=(1, 4), axes=("dp", "sp"))
mesh = jax.make_mesh(MESH_CFG["shape"], MESH_CFG["axes"], axis_types=(AxisType.Auto,) * 2)


@sequence_parallel(mesh, batch_axis="dp", seq_axis="sp")
def attention_core(q, k, v, *, axis_name):
  return ulysses_attention(q, k, v, axis_name=axis_name)


class Attention(nnx.Module):
  def __init__(self, d, heads, rngs):
    self.heads = heads
    self.qkv = nnx.Linear(d, 3 * d, rngs=rngs)
    self.o = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, x):
    b, s, d = x.shape
    q, k, v = jnp.split(self.qkv(x).reshape(b, s, 3 * self.heads, d // self.heads), 3, axis=2)
    return self.o(attention_core(q, k, v).reshape(b, s, d))


model = Attention(128, 8, nnx.Rngs(0))


@nnx.jit
def forward(model, x):
  return model(x)


x = jax.device_put(jnp.ones((2, 64, 128)), NamedSharding(mesh, P("dp", "sp")))
print(forward.trace(model, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
