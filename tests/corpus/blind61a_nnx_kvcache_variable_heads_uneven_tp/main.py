import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from decoder import CachedAttention, KVCache

TP_SIZE = 4
DIM, NUM_HEADS, HEAD_DIM = 384, 6, 64
BATCH, MAX_LEN = 8, 256

mesh = Mesh(np.array(jax.devices()[:TP_SIZE]), ("tp",))
attn = CachedAttention(DIM, NUM_HEADS, HEAD_DIM, BATCH, MAX_LEN, rngs=nnx.Rngs(0))
graphdef, params, cache = nnx.split(attn, nnx.Param, KVCache)

# heads axis of every projection / cache is sharded over tp
param_specs = nnx.State({
    "q": {"kernel": P(None, "tp", None)},
    "k": {"kernel": P(None, "tp", None)},
    "v": {"kernel": P(None, "tp", None)},
    "o": {"kernel": P("tp", None, None)},
})
cache_specs = nnx.State({"cache_k": P(None, None, "tp", None), "cache_v": P(None, None, "tp", None)})


def decode_step(params, cache, x, pos):
  attn = nnx.merge(graphdef, params, cache)
  y = attn(x, pos)
  return y, nnx.state(attn, KVCache)


decode_step = jax.jit(
    jax.shard_map(
        decode_step,
        mesh=mesh,
        in_specs=(param_specs, cache_specs, P(), P()),
        out_specs=(P(), cache_specs),
    ),
    donate_argnums=1,
)

x = jnp.ones((BATCH, 1, DIM), jnp.float32)
pos = jnp.int32(0)
lowered = decode_step.trace(params, cache, x, pos).lower(lowering_platforms=("tpu",))
print(lowered.as_text()[:200])
