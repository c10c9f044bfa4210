import jax

PERM = [(0, 1), (1, 0)]


def exchange(v):
    tok = jax.lax.psend(v, "x", PERM)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(v.shape, v.dtype), "x", PERM)
