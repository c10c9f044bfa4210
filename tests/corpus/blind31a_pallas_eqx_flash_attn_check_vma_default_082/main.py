import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from kernels.attention import flash_attention


class Attention(eqx.Module):
  wq: jax.Array
  wk: jax.Array
  wv: jax.Array
  num_heads: int = eqx.field(static=True)

  def __init__(self, d, num_heads, key):
    kq, kk, kv = jax.random.split(key, 3)
    self.wq = jax.random.normal(kq, (d, d)) * d ** -0.5
    self.wk = jax.random.normal(kk, (d, d)) * d ** -0.5
    self.wv = jax.random.normal(kv, (d, d)) * d ** -0.5
    self.num_heads = num_heads

  def heads(self, x, w):
    b, s, d = x.shape
    return (x @ w).reshape(b, s, self.num_heads, d // self.num_heads).transpose(0, 2, 1, 3)

  def __call__(self, x, attention_fn):
    q, k, v = self.heads(x, self.wq), self.heads(x, self.wk), self.heads(x, self.wv)
    o = attention_fn(q, k, v)
    b, h, s, dh = o.shape
    return o.transpose(0, 2, 1, 3).reshape(b, s, h * dh)


mesh = jax.make_mesh((2, 2), ("data", "heads"))
spec = P("data", "heads", None, None)
sharded_attention = jax.shard_map(
    lambda q, k, v: flash_attention(q, k, v, sm_scale=0.125),
    mesh=mesh, in_specs=(spec, spec, spec), out_specs=spec)

model = Attention(256, 4, jax.random.key(0))


@eqx.filter_jit
def forward(model, x):
  return model(x, sharded_attention)


x = jnp.ones((4, 128, 256))
print(jax.jit(lambda m, x: forward(m, x)).trace(model, x).lower(lowering_platforms=("tpu",)).as_text()[:20])
