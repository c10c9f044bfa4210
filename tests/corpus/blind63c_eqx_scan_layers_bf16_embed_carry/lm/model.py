import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax

from .blocks import make_stack


class TinyLM(eqx.Module):
  embed: eqx.nn.Embedding
  layers: eqx.Module
  unembed: eqx.nn.Linear

  def __init__(self, vocab, dim, n_layers, *, key):
    k1, k2, k3 = jax.random.split(key, 3)
    # activations in bf16 to halve memory; weights of the blocks stay fp32 masters
    self.embed = eqx.nn.Embedding(vocab, dim, dtype=jnp.bfloat16, key=k1)
    self.layers = make_stack(n_layers, dim, 4 * dim, k2)
    self.unembed = eqx.nn.Linear(dim, vocab, use_bias=False, key=k3)

  def __call__(self, tokens):
    x = jax.vmap(self.embed)(tokens)
    dynamic, static = eqx.partition(self.layers, eqx.is_array)

    def body(h, layer_params):
      layer = eqx.combine(layer_params, static)
      return layer(h), None

    x, _ = lax.scan(body, x, dynamic)
    return jax.vmap(self.unembed)(x.astype(jnp.float32))
