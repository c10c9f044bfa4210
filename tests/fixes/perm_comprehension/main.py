import jax

NUM_STAGES = 4


def to_next(x):
    perm = [(s, s + 1) for s in range(NUM_STAGES)]
    tok = jax.lax.psend(x, "stage", perm)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), "stage", perm=perm)
