import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('data',))


class Encoder(eqx.Module):
  embed: eqx.nn.Embedding
  attn: eqx.nn.MultiheadAttention
  norm: eqx.nn.LayerNorm
  head: eqx.nn.Linear

  def __init__(self, vocab, d, *, key):
    k1, k2, k3 = jax.random.split(key, 3)
    self.embed = eqx.nn.Embedding(vocab, d, key=k1)
    self.attn = eqx.nn.MultiheadAttention(4, d, key=k2)
    self.norm = eqx.nn.LayerNorm(d)
    self.head = eqx.nn.Linear(d, vocab, key=k3)

  def __call__(self, tokens):
    h = jax.vmap(self.embed)(tokens)
    h = h + self.attn(h, h, h)
    return jax.vmap(self.head)(jax.vmap(self.norm)(h))


def predict(params, tokens, *, static):
  model = eqx.combine(params, static)
  return jax.vmap(model)(tokens)


if __name__ == '__main__':
  model = Encoder(256, 32, key=jax.random.key(0))
  params, static = eqx.partition(model, eqx.is_array)
  predict_fn = lambda p, t: predict(p, t, static=static)
  sharded_predict = jax.shard_map(
      predict_fn, mesh=mesh,
      in_specs=(P(), P('data')), out_specs=P())
  tokens = jnp.zeros((8, 16), jnp.int32)
  jax.jit(sharded_predict).trace(params, tokens).lower(lowering_platforms=('cuda',))
