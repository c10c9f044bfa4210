import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from beam import beam_search

VOCAB, D, BEAMS, MAX_LEN, BOS, EOS = 4096, 256, 4, 24, 0, 1


def decode(params, batch_ctx):
  batch = batch_ctx.shape[0]

  def logits_fn(last_tok):                      # [b, k] -> [b, k, V]
    h = params["embed"][last_tok] + batch_ctx[:, None, :]
    return jnp.tanh(h) @ params["embed"].T

  return beam_search(logits_fn, BOS, EOS, batch, BEAMS, MAX_LEN)


mesh = Mesh(np.array(jax.devices()), ("data",))
decode_jit = jax.jit(decode, in_shardings=(None, NamedSharding(mesh, P("data"))))

if __name__ == "__main__":
  params = {"embed": jax.ShapeDtypeStruct((VOCAB, D), jnp.float32)}
  ctx = jax.ShapeDtypeStruct((8, D), jnp.float32)
  decode_jit.trace(params, ctx).lower(lowering_platforms=("tpu",))
