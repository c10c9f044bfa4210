import jax
import jax.numpy as jnp
from flax import nnx


class Head(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.linear = nnx.Linear(8, 4, rngs=rngs)

    def __call__(self, x):
        return self.linear(x)


@nnx.split_rngs(splits=5)
@nnx.vmap(in_axes=0, out_axes=0)
def create_ensemble(rngs: nnx.Rngs):
    return Head(rngs)


def ensemble_mean(model, x):
    y = model(x)
    return jax.lax.pmean(y, axis_name="members")


forward = nnx.vmap(ensemble_mean, in_axes=(0, None), out_axes=None, axis_name="members")

ensemble = create_ensemble(nnx.Rngs(0))
x = jnp.ones((2, 8))
step = nnx.jit(forward)
print(step.trace(ensemble, x).lower(lowering_platforms=("cuda",)).as_text()[:60])
