import jax
import jax.numpy as jnp
from flax import nnx

from tpmodel import ParallelMLP


model = ParallelMLP(16, 64, rngs=nnx.Rngs(0))


@nnx.jit
def forward(model, x):
    return model(x).mean()


x = jnp.ones((8, 16))
print(jax.jit(forward).trace(model, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
