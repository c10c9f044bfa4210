import jax
import jax.numpy as jnp
from flax import nnx

from model import DATA, Stack

model = Stack(16, 6, nnx.Rngs(0))


@nnx.jit
def forward(model, x):
    # emulate 4 data-parallel replicas on one device: leading axis = replica
    f = nnx.vmap(lambda m, x: m(x), in_axes=(None, 0), out_axes=0, axis_name=DATA)
    return f(model, x)


x = jnp.ones((4, 8, 16))
print(forward.trace(model, x).lower(lowering_platforms=("cuda",)).lowered.as_text()[:20])
