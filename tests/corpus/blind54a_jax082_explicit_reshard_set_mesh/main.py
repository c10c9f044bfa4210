import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Explicit, AxisType.Explicit))


def attention_scores(x, wq, wk):
    q = jnp.einsum("bsd,dh->bsh", x, wq)                    # (B@data, S, H@model)
    k = jnp.einsum("bsd,dh->bsh", x, wk)
    # gather heads before the score matmul so the contraction is local
    q = jax.sharding.reshard(q, P("data", None, None))
    k = jax.sharding.reshard(k, P("data", None, None))
    return jax.nn.softmax(jnp.einsum("bqh,bkh->bqk", q, k), axis=-1)


scores = jax.jit(attention_scores)

if __name__ == "__main__":
    with jax.set_mesh(mesh):
        x = jax.ShapeDtypeStruct((8, 64, 128), jnp.float32,
                                 sharding=NamedSharding(mesh, P("data", None, None)))
        w = jax.ShapeDtypeStruct((128, 256), jnp.float32,
                                 sharding=NamedSharding(mesh, P(None, "model")))
        out = scores.trace(x, w, w).lower(lowering_platforms=("tpu",))
