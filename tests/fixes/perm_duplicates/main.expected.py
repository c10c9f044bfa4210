import jax


def fan_out(x):
    tok = jax.lax.psend(x, "x", perm=((0, 1), (2, 3)))
    return tok
