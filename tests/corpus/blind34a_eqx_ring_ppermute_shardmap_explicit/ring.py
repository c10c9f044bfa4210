import jax
import jax.numpy as jnp
import equinox as eqx


class RingMatmul(eqx.Module):
    axis: str = eqx.field(static=True)
    size: int = eqx.field(static=True)

    def __call__(self, x_blk, w_blk):
        # x_blk: [B/n, D], w_blk: [D/n, F]; rotate the weight blocks around the ring
        perm = [(j, (j + 1) % self.size) for j in range(self.size)]
        idx = jax.lax.axis_index(self.axis)
        rows = w_blk.shape[0]

        def body(i, carry):
            acc, w_cur = carry
            src = (idx - i) % self.size
            x_cols = jax.lax.dynamic_slice_in_dim(x_blk, src * rows, rows, axis=1)
            acc = acc + x_cols @ w_cur
            w_cur = jax.lax.ppermute(w_cur, self.axis, perm)
            return acc, w_cur

        acc = jnp.zeros((x_blk.shape[0], w_blk.shape[1]), x_blk.dtype)
        acc, _ = jax.lax.fori_loop(0, self.size, body, (jax.lax.pcast(acc, self.axis, to="varying"), w_blk))
        return acc
