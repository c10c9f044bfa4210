"""Sharded init of a tiny Gemma-style LM (tied embeddings), following the Flax NNX
"Scale up on multiple devices" guide: eval_shape -> get_partition_spec -> constraint."""
import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

VOCAB, D, HEADS, HEAD_DIM = 4096, 256, 8, 32
init = nnx.initializers.normal(0.02)


class Attention(nnx.Module):

  def __init__(self, rngs):
    self.qkv = nnx.Einsum('BTD,SDNH->SBTNH', (3, D, HEADS, HEAD_DIM),
                          kernel_init=nnx.with_partitioning(init, (None, None, 'model', None)),
                          rngs=rngs)
    self.out = nnx.Einsum('BTNH,NHD->BTD', (HEADS, HEAD_DIM, D),
                          kernel_init=nnx.with_partitioning(init, ('model', None, None)),
                          rngs=rngs)

  def __call__(self, x):
    q, k, v = self.qkv(x)
    s = jnp.einsum('BTNH,BSNH->BNTS', q, k) * HEAD_DIM ** -0.5
    o = jnp.einsum('BNTS,BSNH->BTNH', jax.nn.softmax(s, axis=-1), v)
    return self.out(o)


class TinyLM(nnx.Module):

  def __init__(self, rngs):
    self.embed = nnx.Embed(VOCAB, D,
                           embedding_init=nnx.with_partitioning(init, ('model', None)),
                           rngs=rngs)
    self.attn = Attention(rngs)
    self.ffw = nnx.Linear(D, D,
                          kernel_init=nnx.with_partitioning(init, (None, 'model')),
                          rngs=rngs)

  def __call__(self, tokens):
    x = self.embed(tokens)
    x = x + self.attn(x)
    x = x + self.ffw(x)
    return self.embed.attend(x)


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))


def create_sharded_state():
  model = TinyLM(nnx.Rngs(0))
  state = nnx.state(model)
  pspecs = nnx.get_partition_spec(state)
  return jax.lax.with_sharding_constraint(state, pspecs)


def main():
  with mesh:
    jax.jit(create_sharded_state).trace().lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
