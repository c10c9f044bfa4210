import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding

from conf.sharding_rules import BATCH_SPEC, PARAM_RULES

# small debugging mesh: no fsdp axis
mesh = jax.make_mesh((2, 2), ("data", "tensor"), axis_types=(AxisType.Auto,) * 2)

attn = eqx.nn.MultiheadAttention(num_heads=4, query_size=32, key=jax.random.key(0))
norm = eqx.nn.LayerNorm(32)


def place(module, rule):
    arrays, static = eqx.partition(module, eqx.is_array)
    spec = PARAM_RULES[rule]
    arrays = jax.tree.map(
        lambda a: jax.device_put(a, NamedSharding(mesh, spec if a.ndim == 2 else PARAM_RULES["norm"])),
        arrays,
    )
    return eqx.combine(arrays, static)


attn = place(attn, "attn")
norm = place(norm, "norm")
x = jax.device_put(jnp.ones((4, 10, 32)), NamedSharding(mesh, BATCH_SPEC))


@eqx.filter_jit
def block(attn, norm, x):
    h = jax.vmap(jax.vmap(norm))(x)
    return x + jax.vmap(attn)(h, h, h)


a_arr, a_st = eqx.partition(attn, eqx.is_array)
n_arr, n_st = eqx.partition(norm, eqx.is_array)
lowered = jax.jit(lambda a, n, x: block(eqx.combine(a, a_st), eqx.combine(n, n_st), x)).trace(
    a_arr, n_arr, x).lower(lowering_platforms=("cuda",))
print("ok")
