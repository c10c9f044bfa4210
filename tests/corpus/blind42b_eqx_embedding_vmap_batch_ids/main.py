import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import PartitionSpec as P


class Encoder(eqx.Module):
  embed: eqx.nn.Embedding
  norm: eqx.nn.LayerNorm
  out: eqx.nn.Linear

  def __init__(self, vocab, dim, key):
    k1, k2 = jr.split(key)
    self.embed = eqx.nn.Embedding(vocab, dim, key=k1)
    self.norm = eqx.nn.LayerNorm(dim)
    self.out = eqx.nn.Linear(dim, 2, key=k2)

  def __call__(self, ids):
    x = jax.vmap(self.embed)(ids)          # [T, D]
    x = jax.vmap(self.norm)(x)
    return self.out(jnp.mean(x, axis=0))


mesh = jax.make_mesh((4,), ('data',))
jax.set_mesh(mesh)
model = Encoder(1000, 64, jr.key(0))
ids = jax.device_put(jnp.zeros((16, 24), jnp.int32), P('data', None))
params, static = eqx.partition(model, eqx.is_array)


@jax.jit
def classify(params, ids):
  model = eqx.combine(params, static)
  return jax.vmap(model)(ids)


print(classify.trace(params, ids).lower(lowering_platforms=('cuda',)).as_text()[:40])
