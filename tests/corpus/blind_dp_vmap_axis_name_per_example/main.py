"""Per-example gradients with vmap(axis_name=...), normalised by a pmean over the vmapped axis."""
import jax
import jax.numpy as jnp


def loss_fn(w, x, y):
    return jnp.sum((x @ w - y) ** 2)


def per_example(w, x, y):
    g = jax.grad(loss_fn)(w, x, y)
    return g - jax.lax.pmean(g, "examples")


centered = jax.jit(jax.vmap(per_example, in_axes=(None, 0, 0), axis_name="examples"))
centered.trace(jax.ShapeDtypeStruct((8, 1), jnp.float32), jax.ShapeDtypeStruct((64, 8), jnp.float32),
               jax.ShapeDtypeStruct((64, 1), jnp.float32)).lower(lowering_platforms=("cuda",))
