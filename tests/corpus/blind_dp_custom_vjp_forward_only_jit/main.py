"""A custom_vjp identity whose backward pass all-reduces the cotangent; only the forward pass
is jitted (no gradient is taken), so the psum is never traced."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def sync_grad(w):
    return w


def _fwd(w):
    return w, None


def _bwd(_, g):
    return (jax.lax.psum(g, "data"),)


sync_grad.defvjp(_fwd, _bwd)


def predict(w, x):
    return x @ sync_grad(w)


f = jax.jit(predict)
f.trace(jax.ShapeDtypeStruct((8, 8), jnp.float32), jax.ShapeDtypeStruct((32, 8), jnp.float32)).lower(
    lowering_platforms=("cuda",))
