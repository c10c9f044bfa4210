import functools

import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import AxisType, PartitionSpec as P

SP = "sp"


class TokenMLP(eqx.Module):
  fc1: eqx.nn.Linear
  fc2: eqx.nn.Linear

  def __init__(self, d, key):
    k1, k2 = jax.random.split(key)
    self.fc1 = eqx.nn.Linear(d, 2 * d, key=k1)
    self.fc2 = eqx.nn.Linear(2 * d, d, key=k2)

  def __call__(self, x):
    return x + self.fc2(jax.nn.gelu(self.fc1(x)))


class Pooler(eqx.Module):
  blocks: tuple
  head: eqx.nn.Linear

  def __init__(self, d, n_classes, key):
    ks = jax.random.split(key, 3)
    self.blocks = (TokenMLP(d, ks[0]), TokenMLP(d, ks[1]))
    self.head = eqx.nn.Linear(d, n_classes, key=ks[2])

  def encode_chunk(self, x_chunk):  # (L_local, D)
    for blk in self.blocks:
      x_chunk = eqx.filter_checkpoint(jax.vmap(blk))(x_chunk)
    return x_chunk

  def __call__(self, x_chunk):
    h = self.encode_chunk(x_chunk)
    h_full = lax.all_gather(h, SP, axis=0, tiled=True)  # every device now has the whole sequence
    return self.head(h_full.mean(axis=0))


mesh = jax.make_mesh((4,), (SP,), axis_types=(AxisType.Auto,))


def classify(params, static, tokens):
  @functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(SP)), out_specs=P())
  def per_device(params, tokens):
    return eqx.combine(params, static)(tokens)

  return per_device(params, tokens)


def main():
  model = Pooler(128, 5, jax.random.key(0))
  params, static = eqx.partition(model, eqx.is_array)
  tokens = jnp.ones((256, 128))
  fn = eqx.filter_jit(functools.partial(classify, static=static))
  jax.jit(fn).trace(params, tokens=tokens).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
