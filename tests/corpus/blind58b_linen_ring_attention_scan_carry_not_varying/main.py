import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from ring import SEQ_AXIS, ring_attention


class ContextParallelSelfAttention(nn.Module):
  mesh: Mesh
  n_heads: int = 8
  dtype: jnp.dtype = jnp.bfloat16

  @nn.compact
  def __call__(self, x):
    b, t, d = x.shape
    hd = d // self.n_heads
    qkv = nn.DenseGeneral((3, self.n_heads, hd), dtype=self.dtype, use_bias=False, name="qkv")(x)
    q, k, v = qkv[:, :, 0], qkv[:, :, 1], qkv[:, :, 2]
    spec = P(None, SEQ_AXIS, None, None)
    attn = jax.shard_map(ring_attention, mesh=self.mesh, in_specs=(spec, spec, spec), out_specs=spec)
    o = attn(q, k, v)
    return nn.DenseGeneral(d, axis=(-2, -1), dtype=self.dtype, use_bias=False, name="out")(o)


def main():
  mesh = Mesh(np.array(jax.devices()), (SEQ_AXIS,))
  model = ContextParallelSelfAttention(mesh=mesh)
  x = jax.ShapeDtypeStruct((2, 8192, 512), jnp.bfloat16, sharding=NamedSharding(mesh, P(None, SEQ_AXIS)))
  params = jax.eval_shape(model.init, jax.random.key(0), x)

  @jax.jit
  def loss_and_grad(params, x):
    return jax.value_and_grad(lambda p: jnp.mean(model.apply(p, x).astype(jnp.float32) ** 2))(params)

  lowered = loss_and_grad.trace(params, x).lower(lowering_platforms=("tpu",))
  print(lowered.as_text()[:200])


if __name__ == "__main__":
  main()
