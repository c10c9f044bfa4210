import equinox as eqx
import jax
import jax.numpy as jnp

from .compat import make_varying


class RingLinear(eqx.Module):
    """y = x @ W with W's rows sharded over `axis`; blocks of W travel round the ring."""

    weight: jax.Array
    axis: str = eqx.field(static=True)
    size: int = eqx.field(static=True)

    def __call__(self, x):
        # x: [batch, d_in / size] local; weight: [d_in / size, d_out] local
        me = jax.lax.axis_index(self.axis)
        perm = [(j, (j + 1) % self.size) for j in range(self.size)]
        acc = make_varying(jnp.zeros((x.shape[0], self.weight.shape[1]), x.dtype), self.axis)

        def step(i, carry):
            acc, w = carry
            acc = acc + x @ w
            return acc, jax.lax.ppermute(w, self.axis, perm)

        acc, _ = jax.lax.fori_loop(0, self.size, step, (acc, self.weight))
        return acc
