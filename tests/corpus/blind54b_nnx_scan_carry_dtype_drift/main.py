from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


class FFN(nnx.Module):
  def __init__(self, d, rngs):
    self.proj = nnx.Linear(d, d, dtype=jnp.bfloat16, param_dtype=jnp.float32,
                           kernel_init=nnx.with_partitioning(
                               nnx.initializers.xavier_uniform(), ('fsdp', None)),
                           rngs=rngs)

  def __call__(self, x):
    return nnx.gelu(self.proj(x))


class Encoder(nnx.Module):
  def __init__(self, d, n, rngs):
    @nnx.split_rngs(splits=n)
    @nnx.vmap(in_axes=0, out_axes=0)
    def build(rngs):
      return FFN(d, rngs)

    self.ffns = build(rngs)

  def __call__(self, x):
    @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=nnx.Carry)
    def body(h, ffn):
      return ffn(h)

    return body(x, self.ffns)


mesh = Mesh(np.array(jax.devices()), ('fsdp',))
with jax.set_mesh(mesh):
  encoder = Encoder(512, 12, nnx.Rngs(0))
graphdef, state = nnx.split(encoder)
state_shardings = nnx.get_named_sharding(state, mesh)


@partial(jax.jit, in_shardings=(state_shardings, NamedSharding(mesh, P('fsdp'))))
def encode(state, tokens):
  model = nnx.merge(graphdef, state)
  return model(tokens)


encode.trace(state, jnp.zeros((16, 512), jnp.float32)).lower(lowering_platforms=('cuda',))
