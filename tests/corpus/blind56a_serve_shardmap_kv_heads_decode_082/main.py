from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

import tp_decode

B, D, H, K, T = 8, 512, 8, 64, 256
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))

w_specs = {"q": P(None, "model", None), "k": P(None, "model", None),
           "v": P(None, "model", None), "o": P("model", None, None)}
cache_spec = P("data", None, "model", None)

sharded_decode = jax.shard_map(
    partial(tp_decode.decode_loop, n=32),
    mesh=mesh,
    in_specs=(w_specs, P("data", None), cache_spec, cache_spec, P()),
    out_specs=(P("data", None), cache_spec, cache_spec),
)
sharded_decode = jax.jit(sharded_decode, donate_argnums=(2, 3))

if __name__ == "__main__":
  w = {n: jax.ShapeDtypeStruct((D, H, K), jnp.float32) for n in "qkv"}
  w["o"] = jax.ShapeDtypeStruct((H, K, D), jnp.float32)
  x = jax.ShapeDtypeStruct((B, D), jnp.float32)
  cache = jax.ShapeDtypeStruct((B, T, H, K), jnp.bfloat16)
  sharded_decode.trace(w, x, cache, cache, jnp.int32(0)).lower(lowering_platforms=("tpu",))
