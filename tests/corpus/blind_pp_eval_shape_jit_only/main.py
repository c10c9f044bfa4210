"""Shape inference for a pipeline stage with jax.eval_shape, run on the jitted stage
before it is wrapped for the mesh."""
import jax
import jax.numpy as jnp

PERM = [(0, 1), (1, 2), (2, 3)]


@jax.jit
def stage(params, x):
    y = jax.nn.gelu(x @ params["w"] + params["b"])
    tok = jax.lax.psend(y, "pipe", PERM)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), "pipe", PERM)


params = {"w": jax.ShapeDtypeStruct((32, 32), jnp.float32), "b": jax.ShapeDtypeStruct((32,), jnp.float32)}
x = jax.ShapeDtypeStruct((16, 32), jnp.float32)
out = jax.eval_shape(stage, params, x)
print("stage output", out.shape, out.dtype)
