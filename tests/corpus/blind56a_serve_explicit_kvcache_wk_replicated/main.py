import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from attn import CACHE_SPEC, PARAM_SPECS, attend_and_cache

D, H, K, T, B = 256, 4, 64, 128, 8


def decode(p, x, k_cache, v_cache, n_steps):
  def body(t, carry):
    x, kc, vc = carry
    y, kc, vc = attend_and_cache(p, x, kc, vc, t)
    return jnp.tanh(x + y), kc, vc

  return lax.fori_loop(0, n_steps, body, (x, k_cache, v_cache))


if __name__ == "__main__":
  mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Explicit,) * 2)
  with jax.set_mesh(mesh):
    sds = lambda shape, spec: jax.ShapeDtypeStruct(shape, jnp.float32,
                                                   sharding=NamedSharding(mesh, spec))
    p = {"wq": sds((D, H, K), PARAM_SPECS["wq"]), "wk": sds((D, H, K), PARAM_SPECS["wk"]),
         "wv": sds((D, H, K), PARAM_SPECS["wv"]), "wo": sds((H, K, D), PARAM_SPECS["wo"])}
    x = sds((B, D), P("data", None))
    cache = sds((B, T, H, K), CACHE_SPEC)
    jax.jit(decode, static_argnums=4).trace(p, x, cache, cache, 16).lower(
        lowering_platforms=("tpu",))
