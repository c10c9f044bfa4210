"""Expert-parallel MoE dispatch prototyped on one device: the experts are a vmap axis and the
dispatch is an all_to_all over a name the vmap does not bind."""
import jax
import jax.numpy as jnp

N_EXPERTS = 4


def moe(expert_w, tokens):
    dispatched = jax.lax.all_to_all(tokens, "expert", split_axis=0, concat_axis=0, tiled=True)
    out = jnp.einsum("ecd,df->ecf", dispatched, expert_w)
    return jax.lax.all_to_all(out, "expert", split_axis=0, concat_axis=0, tiled=True)


f = jax.jit(jax.vmap(moe, axis_name="experts"))
f.trace(jax.ShapeDtypeStruct((N_EXPERTS, 64, 64), jnp.float32),
        jax.ShapeDtypeStruct((N_EXPERTS, N_EXPERTS, 8, 64), jnp.float32)).lower(lowering_platforms=("cuda",))
