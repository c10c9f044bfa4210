"""An NNX block rematerialised with nnx.remat whose ring exchange is chosen by nnx.cond on a
training flag, run under nnx.jit alone."""
import jax
import jax.numpy as jnp
from flax import nnx

RIGHT = [(i, (i + 1) % 4) for i in range(4)]


class RingMix(nnx.Module):
    def __init__(self, d, rngs):
        self.proj = nnx.Linear(d, d, rngs=rngs)

    def __call__(self, x, train):
        h = self.proj(x)
        return nnx.cond(train, lambda m, h: jax.lax.ppermute(h, "ring", RIGHT), lambda m, h: h, self, h)


model = RingMix(32, nnx.Rngs(0))
apply = nnx.remat(lambda m, x: m(x, True))
f = nnx.jit(apply)
f.trace(model, jnp.ones((16, 32))).lower(lowering_platforms=("cuda",))
