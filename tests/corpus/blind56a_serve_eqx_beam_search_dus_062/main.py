from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from decoder import Decoder
from search import beam_search

VOCAB, DIM = 1000, 128

mesh = Mesh(np.array(jax.devices()), axis_names=("batch",))
batch_sharded = NamedSharding(mesh, P("batch"))

translate = jax.jit(
    partial(beam_search, bos=0, eos=1, beams=4, max_len=20),
    in_shardings=(None, batch_sharded),
    out_shardings=(batch_sharded, batch_sharded),
)

if __name__ == "__main__":
  decoder = Decoder(VOCAB, DIM, jax.random.PRNGKey(0))
  h0 = jax.ShapeDtypeStruct((16, DIM), jnp.float32)
  translate.trace(decoder, h0).lower(lowering_platforms=("tpu",))
