import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from attention import mha

mesh = jax.make_mesh((2, 2), ("data", "model"))
jax.set_mesh(mesh)

B, T, D = 8, 16, 64


def sds(shape, spec):
    return jax.ShapeDtypeStruct(shape, jnp.float32, sharding=NamedSharding(mesh, spec))


params = {
    "wq": sds((D, D), P(None, "model")),
    "wk": sds((D, D), P(None, "model")),
    "wv": sds((D, D), P(None, "model")),
    "wo": sds((D, D), P("model", None)),
}
x = sds((B, T, D), P("data", None, None))

traced = jax.jit(mha).trace(params, x)
print(traced.lower(lowering_platforms=("cuda",)).as_text()[:40])
