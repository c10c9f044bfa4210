from jax import lax

SP_AXIS = "sp"


def seq_to_heads(x):
    # (batch, seq/n, heads, head_dim) -> (batch, seq, heads/n, head_dim)
    return lax.all_to_all(x, SP_AXIS, split_axis=2, concat_axis=1, tiled=True)


def heads_to_seq(x):
    # (batch, seq, heads/n, head_dim) -> (batch, seq/n, heads, head_dim)
    return lax.all_to_all(x, SP_AXIS, split_axis=1, concat_axis=2, tiled=True)
