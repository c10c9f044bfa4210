import jax
import jax.numpy as jnp
from flax import nnx

from model import DotReluDot
from parallel import mesh

with jax.set_mesh(mesh):
    model = DotReluDot(1024, rngs=nnx.Rngs(0))
graphdef, state = nnx.split(model)


def forward(state, x):
    model = nnx.merge(graphdef, state)
    return model(x)


x = jnp.ones((8, 1024))
print(jax.jit(forward).trace(state, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
