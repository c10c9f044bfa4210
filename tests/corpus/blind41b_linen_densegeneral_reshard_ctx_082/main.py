"""Linen self-attention with DenseGeneral projections, heads split over 'model' (JAX 0.8, Explicit)."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

HEADS, HEAD_DIM, D = 8, 32, 256


class SelfAttention(nn.Module):
    @nn.compact
    def __call__(self, x):
        proj = lambda name: nn.DenseGeneral((HEADS, HEAD_DIM), axis=-1, name=name)
        q, k, v = proj("query")(x), proj("key")(x), proj("value")(x)
        w = nn.dot_product_attention_weights(q, k)
        ctx = jnp.einsum("...hqk,...khd->...qhd", w, v)
        ctx = jax.sharding.reshard(ctx, P("data", None, None, None))
        return nn.DenseGeneral(D, axis=(-2, -1), name="out")(ctx)


def param_spec(path, leaf):
    names = [p.key for p in path]
    if names[0] in ("query", "key", "value"):
        return P(None, "model", None) if names[-1] == "kernel" else P("model", None)
    if names[0] == "out":
        return P("model", None, None) if names[-1] == "kernel" else P()
    return P()


model = SelfAttention()
mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Explicit, AxisType.Explicit))

with jax.set_mesh(mesh):
    params = model.init(jax.random.key(0), jnp.ones((4, 16, D)))["params"]
    specs = jax.tree_util.tree_map_with_path(param_spec, params)
    params = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), params, specs)
    x = jax.device_put(jnp.ones((4, 16, D)), NamedSharding(mesh, P("data", None, None)))
    infer = jax.jit(lambda p, x: model.apply({"params": p}, x))
    lowered = infer.trace(params, x).lower(lowering_platforms=("cuda",))
print("ok")
