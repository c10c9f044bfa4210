import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from decode import decode_step

mesh = jax.make_mesh((2, 2), ("data", "model"))

B, S, D, H, DH = 4, 32, 64, 8, 8
SPECS = {
    "w": P(None, "model", None),
    "x": P("data", None, None),
    "cache": P("data", None, "model", None),
}


def abstract(shape, spec, dtype=jnp.bfloat16):
    return jax.ShapeDtypeStruct(shape, dtype, sharding=NamedSharding(mesh, spec))


params = {name: abstract((D, H, DH), SPECS["w"]) for name in ("wq", "wk", "wv")}
x = abstract((B, 1, D), SPECS["x"])
cache_k = abstract((B, S, H, DH), SPECS["cache"])
cache_v = abstract((B, S, H, DH), SPECS["cache"])

with jax.set_mesh(mesh):
    step = jax.jit(decode_step)
    print(step.trace(params, x, cache_k, cache_v).lower(lowering_platforms=("cuda",)).as_text()[:40])
