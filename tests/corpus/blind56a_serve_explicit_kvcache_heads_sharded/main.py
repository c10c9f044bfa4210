import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from llm.layers import CACHE_SPEC, PARAM_SPECS, cached_attention

D, H, K, T, B, STEPS = 256, 4, 64, 128, 8, 16


@jax.jit
def run_decode(p, x, cache):
  def body(t, carry):
    x, cache = carry
    y, cache = cached_attention(p, x, cache, t)
    return jnp.tanh(x + y), cache
  return jax.lax.fori_loop(0, STEPS, body, (x, cache))


mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Explicit, AxisType.Explicit))
jax.set_mesh(mesh)


def spec_struct(shape, spec, dtype=jnp.bfloat16):
  return jax.ShapeDtypeStruct(shape, dtype, sharding=NamedSharding(mesh, spec))


params = {"wq": spec_struct((D, H, K), PARAM_SPECS["wq"]),
          "wk": spec_struct((D, H, K), PARAM_SPECS["wk"]),
          "wv": spec_struct((D, H, K), PARAM_SPECS["wv"]),
          "wo": spec_struct((H, K, D), PARAM_SPECS["wo"])}
x = spec_struct((B, D), P("data", None))
cache = (spec_struct((B, T, H, K), CACHE_SPEC), spec_struct((B, T, H, K), CACHE_SPEC))
run_decode.trace(params, x, cache).lower(lowering_platforms=("tpu",))
