import jax
import jax.numpy as jnp
from flax import nnx

N_MEMBERS = 4


class MLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(8, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.tanh(self.l1(x)))


@nnx.split_rngs(splits=N_MEMBERS)
@nnx.vmap(in_axes=(0,), out_axes=0)
def create_ensemble(rngs: nnx.Rngs):
    return MLP(rngs)


@nnx.vmap(in_axes=(0, None), out_axes=0)
def member_deviation(member, x):
    y = member(x)
    return y - jax.lax.pmean(y, "ensemble")


@nnx.jit
def uncertainty(ensemble, x):
    dev = member_deviation(ensemble, x)
    return jnp.sqrt(jnp.mean(dev**2, axis=0))


ensemble = create_ensemble(nnx.Rngs(0))
x = jnp.ones((16, 8))
print(uncertainty.trace(ensemble, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
