import jax
import jax.numpy as jnp
import numpy as np
from jax import lax as L
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from decoding import kv

N_LAYERS, D, H, HD, V, T = 2, 128, 4, 32, 1000, 64

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))


def layer_step(p, cache, l, x, step):
  q = jnp.einsum("bd,dhk->bhk", x, p["wq"][l])
  k = jnp.einsum("bd,dhk->bhk", x, p["wk"][l])
  v = jnp.einsum("bd,dhk->bhk", x, p["wv"][l])
  cache = kv.update_layer(cache, l, k, v, step)
  ks, vs = kv.read_layer(cache, l)
  s = jnp.einsum("bhk,bthk->bht", q, ks) * HD ** -0.5
  s = jnp.where(jnp.arange(T) <= step, s, -jnp.inf)
  o = jnp.einsum("bht,bthk->bhk", jax.nn.softmax(s, axis=-1), vs)
  return cache, x + jnp.einsum("bhk,hkd->bd", o, p["wo"][l])


def greedy_decode(p, cache, first_tok, n_new):
  def body(step, carry):
    cache, tok = carry
    x = p["emb"][tok]
    for l in range(N_LAYERS):
      cache, x = layer_step(p, cache, l, x, step)
    return cache, jnp.argmax(x @ p["emb"].T, axis=-1)

  return L.fori_loop(0, n_new, body, (cache, first_tok))


shard = lambda *s: NamedSharding(mesh, P(*s))
cache_sh = {"k": shard(None, "data", None, "model"), "v": shard(None, "data", None, "model")}
params_sh = {"emb": shard(None, "model"), "wq": shard(None, None, "model"),
             "wk": shard(None, None, "model"), "wv": shard(None, None, "model"),
             "wo": shard(None, "model")}

decode = jax.jit(greedy_decode, static_argnums=3,
                 in_shardings=(params_sh, cache_sh, shard("data")),
                 out_shardings=(cache_sh, shard("data")))

if __name__ == "__main__":
  f32 = jnp.float32
  p = {"emb": jax.ShapeDtypeStruct((V, D), f32),
       "wq": jax.ShapeDtypeStruct((N_LAYERS, D, H, HD), f32),
       "wk": jax.ShapeDtypeStruct((N_LAYERS, D, H, HD), f32),
       "wv": jax.ShapeDtypeStruct((N_LAYERS, D, H, HD), f32),
       "wo": jax.ShapeDtypeStruct((N_LAYERS, H, HD, D), f32)}
  cache = jax.eval_shape(lambda: kv.empty_cache(N_LAYERS, 8, T, H, HD))
  tok = jax.ShapeDtypeStruct((8,), jnp.int32)
  decode.trace(p, cache, tok, 16).lower(lowering_platforms=("tpu",))
