from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from nets.encoder import TextEncoder


def main():
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'sp'))
  model = TextEncoder(vocab=1000, num_layers=2, num_heads=4, head_dim=16, num_classes=10)
  tokens = jax.ShapeDtypeStruct((8, 32), jnp.int32)

  @jax.jit
  @partial(shard_map, mesh=mesh, in_specs=(P(), P('data', 'sp')), out_specs=P())
  def init(rng, tokens):
    return model.init(rng, tokens)

  variables = jax.eval_shape(init, jax.random.key(0), tokens)

  @jax.jit
  @partial(shard_map, mesh=mesh, in_specs=(P(), P('data', 'sp')), out_specs=P('data'))
  def classify(variables, tokens):
    return model.apply(variables, tokens)

  # token embeddings for retrieval: the sequence stays split over 'sp'
  @jax.jit
  @partial(shard_map, mesh=mesh, in_specs=(P(), P('data', 'sp')), out_specs=P('data', 'sp'))
  def embed_tokens(variables, tokens):
    return model.apply(variables, tokens, method='encode')

  classify.trace(variables, tokens).lower(lowering_platforms=('cuda',))
  embed_tokens.trace(variables, tokens).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
