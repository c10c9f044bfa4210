import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class Attention(eqx.Module):
  wq: jax.Array
  wk: jax.Array

  def __init__(self, d, key):
    kq, kk = jax.random.split(key)
    self.wq = jax.random.normal(kq, (d, d)) / d ** 0.5
    self.wk = jax.random.normal(kk, (d, d)) / d ** 0.5

  def __call__(self, x):
    q = x @ self.wq
    k = x @ self.wk
    return jnp.einsum('bqd,bkd->bqk', q, k, out_sharding=P('data', None, None))


mesh = jax.make_mesh((4,), ('data',))
attn = Attention(16, jax.random.key(0))
x = jax.device_put(jnp.ones((8, 10, 16)), NamedSharding(mesh, P('data')))

with jax.set_mesh(mesh):
  scores = jax.jit(lambda m, x: m(x))
  print(scores.trace(attn, x).lower(lowering_platforms=('cuda',)).as_text()[:20])
