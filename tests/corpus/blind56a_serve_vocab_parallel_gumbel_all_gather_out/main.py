from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

DP, TP = "data", "model"
VOCAB, D = 32000, 1024

devices = np.array(jax.devices()).reshape(2, 2)
mesh = Mesh(devices, (DP, TP))


def vocab_parallel_sample(key, h, w_vocab, temperature):
  # h: [b/dp, D] ; w_vocab: [D, V/tp]
  shard = lax.axis_index(TP)
  local_v = w_vocab.shape[1]
  logits = (h @ w_vocab) / temperature
  # independent Gumbel noise per (batch shard, vocab shard)
  key = jax.random.fold_in(jax.random.fold_in(key, lax.axis_index(DP)), shard)
  g = jax.random.gumbel(key, logits.shape, logits.dtype)
  scores = logits + g
  best_local = jnp.max(scores, axis=-1)
  idx_local = jnp.argmax(scores, axis=-1) + shard * local_v
  all_best = lax.all_gather(best_local, TP, axis=1)          # [b, tp]
  all_idx = lax.all_gather(idx_local, TP, axis=1)
  pick = jnp.argmax(all_best, axis=1)
  return jnp.take_along_axis(all_idx, pick[:, None], axis=1)[:, 0]


@partial(jax.jit, static_argnums=3)
def sample(key, h, w_vocab, temperature):
  f = jax.shard_map(partial(vocab_parallel_sample, temperature=temperature),
                    mesh=mesh, in_specs=(P(), P(DP, None), P(None, TP)),
                    out_specs=P(DP))
  return f(key, h, w_vocab)


if __name__ == "__main__":
  h = jax.ShapeDtypeStruct((16, D), jnp.bfloat16, sharding=NamedSharding(mesh, P(DP, None)))
  w = jax.ShapeDtypeStruct((D, VOCAB), jnp.bfloat16, sharding=NamedSharding(mesh, P(None, TP)))
  sample.trace(jax.random.key(0), h, w, 0.9).lower(lowering_platforms=("tpu",))
