import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import AxisType, PartitionSpec as P
from flax import nnx

STAGES = 4


class Block(nnx.Module):
    def __init__(self, d, *, rngs):
        self.norm = nnx.LayerNorm(d, rngs=rngs)
        self.proj = nnx.Linear(d, d, rngs=rngs)

    def __call__(self, x):
        return x + self.proj(self.norm(x))


class Pipeline(nnx.Module):
    mesh = jax.make_mesh((STAGES,), ("stage",), axis_types=(AxisType.Explicit,))

    def __init__(self, d, num_microbatches, *, rngs):
        self.num_microbatches = num_microbatches
        self.block = Block(d, rngs=rngs)

    def _shift(self, y):
        perm = [(i, i + 1) for i in range(STAGES - 1)]
        tok = lax.psend(y, "stage", perm)
        return lax.precv(tok, y, "stage", perm)

    def __call__(self, x):
        mbs = x.reshape(self.num_microbatches, -1, x.shape[-1])

        def body(t, carry):
            state, outs = carry
            state = self.block(jnp.where(t < self.num_microbatches, mbs[t % self.num_microbatches], state))
            outs = outs.at[t % self.num_microbatches].set(state)
            return self._shift(state), outs

        _, outs = lax.fori_loop(0, self.num_microbatches + STAGES - 1, body,
                                (jnp.zeros_like(mbs[0]), jnp.zeros_like(mbs)))
        return outs.reshape(x.shape)


@nnx.jit
def forward(model, x):
    return model(x)


model = Pipeline(64, 8, rngs=nnx.Rngs(0))
x = jnp.ones((32, 64))
with jax.set_mesh(Pipeline.mesh):
    lowered = forward.trace(model, x).lower(lowering_platforms=("cuda",))
print("lowered")
