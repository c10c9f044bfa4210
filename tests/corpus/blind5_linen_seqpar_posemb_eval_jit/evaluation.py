import functools

import jax

from model import Decoder


def make_embedding_probe(model: Decoder):
  """Returns a jitted function that exposes the input embeddings for analysis."""
  return jax.jit(functools.partial(model.apply, method=Decoder.embed_tokens))
