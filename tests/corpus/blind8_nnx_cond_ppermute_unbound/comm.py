import jax

AXIS_SIZE = 4


def communicate(h):
    """Ring shift: shard i sends its activations to shard i + 1 along 'd'."""
    perm = [(i, (i + 1) % AXIS_SIZE) for i in range(AXIS_SIZE)]
    return jax.lax.ppermute(h, 'd', perm)
