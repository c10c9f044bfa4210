import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax


class RingAllGatherDense(eqx.Module):
    """x is sharded over rows along `axis`; y = all_gather(x) @ w without materialising
    the gathered x: the row blocks travel around the ring."""

    w: jax.Array
    axis: str = eqx.field(static=True)
    axis_size: int = eqx.field(static=True)

    def __call__(self, x_blk):
        n = self.axis_size
        perm = [(j, (j + 1) % n) for j in range(n)]
        idx = lax.axis_index(self.axis)
        rows = x_blk.shape[0]
        out = jnp.zeros((rows * n, self.w.shape[1]), x_blk.dtype)

        def body(i, carry):
            out, blk = carry
            src = (idx - i) % n
            out = lax.dynamic_update_slice_in_dim(out, blk @ self.w, src * rows, axis=0)
            blk = lax.ppermute(blk, self.axis, perm)
            return out, blk

        out, _ = lax.fori_loop(0, n, body, (out, x_blk))
        return out
