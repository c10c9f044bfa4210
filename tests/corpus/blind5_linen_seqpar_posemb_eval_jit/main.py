from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from evaluation import make_embedding_probe
from model import Decoder, DecoderConfig

cfg = DecoderConfig()
mesh = Mesh(np.array(jax.devices()), (cfg.seq_axis,))
model = Decoder(cfg)
tokens = jnp.zeros((2, 64), jnp.int32)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(None, cfg.seq_axis)), out_specs=P(),
         check_vma=False)
def init(key, tokens):
  return model.init(key, tokens)


variables = init(jax.random.key(0), tokens)

probe = make_embedding_probe(model)
probe.trace(variables, tokens).lower(lowering_platforms=("cuda",))
