import jax


def ring_shift(x, axis):
    n = 4
    perm = [(i, (i + 1) % n) for i in range(n)]
    tok = jax.lax.psend(x, axis, perm)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), axis, perm)
