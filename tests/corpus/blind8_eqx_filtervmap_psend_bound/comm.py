import jax


def communicate(h):
    """Point-to-point: shard 0 sends its activations to shard 1 over 'd'."""
    tok = jax.lax.psend(h, 'd', [(0, 1)])
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), 'd', [(0, 1)])
