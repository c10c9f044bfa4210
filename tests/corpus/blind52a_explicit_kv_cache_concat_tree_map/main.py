import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from decode import CACHE_SPEC, decode_step

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Explicit, AxisType.Explicit))

B, T, H, K, D = 4, 16, 4, 8, 32
with jax.set_mesh(mesh):
    sds = lambda shape, spec: jax.ShapeDtypeStruct(shape, jnp.float32, sharding=NamedSharding(mesh, spec))
    cache = (sds((B, T, H, K), CACHE_SPEC), sds((B, T, H, K), CACHE_SPEC))
    x = sds((B, 1, D), P("data", None, None))
    wk = sds((D, H, K), P(None, None, None))
    wv = sds((D, H, K), P(None, None, None))
    step = jax.jit(decode_step)
    print(step.trace(cache, x, wk, wv).lower(lowering_platforms=("cuda",)).as_text()[:40])
