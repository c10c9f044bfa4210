import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import NamedSharding, PartitionSpec as P

HEADS, HEAD_DIM, D = 8, 16, 128


class SelfAttention(nn.Module):
    @nn.compact
    def __call__(self, x):
        q, k, v = [nn.DenseGeneral((HEADS, HEAD_DIM), name=n)(x) for n in ("query", "key", "value")]
        w = jax.nn.softmax(jnp.einsum("bqhd,bkhd->bhqk", q, k) / HEAD_DIM ** 0.5, axis=-1)
        o = jnp.einsum("bhqk,bkhd->bqhd", w, v)
        return nn.DenseGeneral(D, axis=(-2, -1), name="out")(o)


def param_spec(path, leaf):
    name = path[-2].key
    if path[-1].key == "kernel":
        return P(None, "model", None) if name in ("query", "key", "value") else P("model", None, None)
    return P("model", None) if name in ("query", "key", "value") else P()


model = SelfAttention()
x = jnp.ones((4, 10, D))
variables = model.init(jax.random.key(0), x)

mesh = jax.make_mesh((2, 2), ("data", "model"))
with jax.set_mesh(mesh):
    specs = jax.tree_util.tree_map_with_path(param_spec, variables)
    variables = jax.device_put(variables, jax.tree.map(lambda s: NamedSharding(mesh, s), specs))
    x = jax.device_put(x, P("data", None, None))
    print(jax.jit(model.apply).trace(variables, x).lower(lowering_platforms=("cuda",)).as_text()[:30])
