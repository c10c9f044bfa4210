import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from model import TinyLM
from sampling import generate

BATCH, VOCAB, DIM = 8, 128, 64

mesh = Mesh(np.array(jax.devices()), ("data",))
model = TinyLM(VOCAB, DIM, heads=4, rngs=nnx.Rngs(params=0))
model.attn.init_cache((BATCH, 16, DIM))
rngs = nnx.Rngs(sample=1)

first = jax.device_put(jnp.zeros((BATCH,), jnp.int32), NamedSharding(mesh, P("data")))
with mesh:
  generate.trace(model, rngs, first, max_new=16, eos_id=2, temperature=0.8).lower(
      lowering_platforms=("cuda",))
