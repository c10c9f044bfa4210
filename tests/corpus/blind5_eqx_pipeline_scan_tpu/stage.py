import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax


class GPipeStage(eqx.Module):
    mlp: eqx.nn.MLP
    axis_name: str = eqx.field(static=True)
    n_stages: int = eqx.field(static=True)

    def step(self, carry, mb):
        # compute this stage on the microbatch, then shift everything one stage forward
        y = jax.vmap(self.mlp)(mb + carry)
        perm = [(s, s + 1) for s in range(self.n_stages - 1)]
        tok = lax.psend(y, self.axis_name, perm)
        nxt = lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), self.axis_name, perm)
        return nxt, y

    def __call__(self, microbatches):
        carry = jnp.zeros_like(microbatches[0])
        _, ys = lax.scan(lambda c, mb: self.step(c, mb), carry, microbatches)
        return ys
