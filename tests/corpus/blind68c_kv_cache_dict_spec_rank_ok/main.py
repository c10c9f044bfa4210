import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

import kvcache
from decoder import decode_step

N_LAYERS, D, H, HD, VOCAB, B, MAX_LEN = 2, 256, 4, 64, 1024, 8, 512

mesh = jax.make_mesh((2, 2), ("data", "model"))


def make_params():
  sd = lambda *s: jax.ShapeDtypeStruct(s, jnp.bfloat16)
  layer = lambda: {"wq": sd(D, H, HD), "wk": sd(D, H, HD), "wv": sd(D, H, HD), "wo": sd(H, HD, D)}
  return {"embed": sd(VOCAB, D), "layers": [layer() for _ in range(N_LAYERS)]}


params = make_params()
cache = jax.eval_shape(lambda: kvcache.init_cache(N_LAYERS, B, MAX_LEN, H, HD))

rep = NamedSharding(mesh, P())
head_sharded = NamedSharding(mesh, P(None, "model", None))
param_shardings = {
    "embed": rep,
    "layers": [{"wq": head_sharded, "wk": head_sharded, "wv": head_sharded,
                "wo": NamedSharding(mesh, P("model", None, None))} for _ in range(N_LAYERS)],
}
cs = kvcache.cache_sharding(mesh)
cache_shardings = [{"k": cs, "v": cs} for _ in range(N_LAYERS)]
tok_sharding = NamedSharding(mesh, P("data"))

step = jax.jit(decode_step,
               in_shardings=(param_shardings, cache_shardings, tok_sharding, rep),
               out_shardings=(tok_sharding, cache_shardings),
               donate_argnums=(1,))
token = jax.ShapeDtypeStruct((B,), jnp.int32)
pos = jax.ShapeDtypeStruct((), jnp.int32)
step.trace(params, cache, token, pos).lower(lowering_platforms=("tpu",))
