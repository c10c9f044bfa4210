import equinox as eqx
import jax
import jax.numpy as jnp


class Block(eqx.Module):
  norm: eqx.nn.LayerNorm
  up: eqx.nn.Linear
  down: eqx.nn.Linear

  def __init__(self, d, key):
    k1, k2 = jax.random.split(key)
    self.norm = eqx.nn.LayerNorm(d)
    self.up = eqx.nn.Linear(d, 4 * d, key=k1)
    self.down = eqx.nn.Linear(4 * d, d, key=k2)

  def __call__(self, x):
    return x + self.down(jax.nn.gelu(self.up(self.norm(x))))


class LM(eqx.Module):
  embed: eqx.nn.Embedding
  blocks: Block
  num_layers: int = eqx.field(static=True)

  def __init__(self, vocab, d, num_layers, key):
    ke, kb = jax.random.split(key)
    self.embed = eqx.nn.Embedding(vocab, d, key=ke)
    self.blocks = eqx.filter_vmap(lambda k: Block(d, k))(jax.random.split(kb, num_layers))
    self.num_layers = num_layers

  def __call__(self, tokens, activation_sharding=None):
    x = jnp.take(self.embed.weight, tokens, axis=0)
    dynamic, static = eqx.partition(self.blocks, eqx.is_array)

    def step(x, layer_params):
      block = eqx.combine(layer_params, static)
      x = jax.vmap(jax.vmap(block))(x)
      if activation_sharding is not None:
        x = eqx.filter_shard(x, activation_sharding)
      return x, None

    x, _ = jax.lax.scan(step, x, dynamic)
    return x @ self.embed.weight.T
