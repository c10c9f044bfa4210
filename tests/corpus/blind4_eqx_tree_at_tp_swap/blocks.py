import equinox as eqx
import jax
import jax.numpy as jnp


class FFN(eqx.Module):
    w_in: jax.Array
    w_out: jax.Array

    def __init__(self, dim, hidden, *, key):
        k1, k2 = jax.random.split(key)
        self.w_in = jax.random.normal(k1, (dim, hidden)) * dim**-0.5
        self.w_out = jax.random.normal(k2, (hidden, dim)) * hidden**-0.5

    def __call__(self, x):
        return jax.nn.silu(x @ self.w_in) @ self.w_out


class TensorParallelFFN(FFN):
    axis_name: str = eqx.field(static=True)

    def __init__(self, dim, hidden, axis_name, *, key):
        super().__init__(dim, hidden, key=key)
        self.axis_name = axis_name

    def __call__(self, x):
        # w_in is split over columns and w_out over rows: each device holds a slice
        # of the hidden units, so the partial outputs are summed over the axis.
        return jax.lax.psum(jax.nn.silu(x @ self.w_in) @ self.w_out, self.axis_name)


class Residual(eqx.Module):
    norm: eqx.nn.RMSNorm
    ffn: FFN

    def __call__(self, x):
        return x + self.ffn(jax.vmap(self.norm)(x))


class Tower(eqx.Module):
    blocks: tuple

    def __init__(self, dim, hidden, depth, *, key):
        keys = jax.random.split(key, depth)
        self.blocks = tuple(Residual(eqx.nn.RMSNorm(dim), FFN(dim, hidden, key=k)) for k in keys)

    def __call__(self, x):
        for block in self.blocks:
            x = block(x)
        return x
