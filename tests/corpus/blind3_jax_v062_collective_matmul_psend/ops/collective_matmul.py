"""All-gather matmul that overlaps the gather of `lhs` with the local matmuls: the lhs shard
travels one hop round the ring per step while each device multiplies what it holds."""
import jax
import jax.numpy as jnp

AXIS = "i"


def allgather_matmul(lhs, rhs):
    """lhs: (m, k) rows of this device's shard; rhs: (k, n) this device's columns."""
    axis_size = jax.lax.psum(1, AXIS)
    axis_index = jax.lax.axis_index(AXIS)
    chunk = lhs.shape[0]
    perm = [(j, (j - 1) % axis_size) for j in range(axis_size)]

    out = jnp.zeros((chunk * axis_size, rhs.shape[1]), lhs.dtype)
    for step in range(axis_size):
        block = (axis_index + step) % axis_size
        out = jax.lax.dynamic_update_slice_in_dim(out, lhs @ rhs, block * chunk, axis=0)
        if step < axis_size - 1:
            # explicit send/recv lets XLA overlap the transfer with the next matmul on GPU
            token = jax.lax.psend(lhs, AXIS, perm)
            lhs = jax.lax.precv(token, jax.ShapeDtypeStruct(lhs.shape, lhs.dtype), AXIS, perm)
    return out
