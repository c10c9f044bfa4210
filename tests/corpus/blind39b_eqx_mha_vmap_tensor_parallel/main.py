import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

jax.set_mesh(jax.make_mesh((2, 2), ("data", "model")))

mha = eqx.nn.MultiheadAttention(num_heads=4, query_size=64, key=jax.random.key(0))


def put(tree_get, spec):
    global mha
    mha = eqx.tree_at(tree_get, mha, jax.device_put(tree_get(mha), spec))


# Megatron attention: q/k/v projections column-parallel (split heads), output projection row-parallel
put(lambda m: m.query_proj.weight, P("model", None))
put(lambda m: m.key_proj.weight, P("model", None))
put(lambda m: m.value_proj.weight, P("model", None))
put(lambda m: m.output_proj.weight, P(None, "model"))

params, static = eqx.partition(mha, eqx.is_array)


@jax.jit
def self_attend(params, xs):
    attn = eqx.combine(params, static)
    return jax.vmap(lambda x: attn(x, x, x))(xs)


xs = jax.device_put(jnp.ones((8, 16, 64)), P("data", None, None))
print(self_attend.trace(params, xs).lower(lowering_platforms=("cuda",)).as_text()[:40])
