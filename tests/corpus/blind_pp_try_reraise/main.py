"""A build script that wraps lowering errors with the stage's name and re-raises them."""
import jax
import jax.numpy as jnp

PERM = [(0, 1), (1, 2), (2, 3)]


class StageBuildError(RuntimeError):
    pass


def stage(x):
    tok = jax.lax.psend(x, "pp", PERM)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), "pp", PERM)


def build(fn, name, *args):
    try:
        return jax.jit(fn).trace(*args).lower(lowering_platforms=("cuda",))
    except Exception as e:
        raise StageBuildError(f"stage {name} failed to lower") from e


build(stage, "embed", jax.ShapeDtypeStruct((16, 64), jnp.float32))
