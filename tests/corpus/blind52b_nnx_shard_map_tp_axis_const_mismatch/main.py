import jax
import jax.numpy as jnp
from flax import nnx

from model import MLP
from parallel import make_forward

mesh = jax.sharding.Mesh(jax.local_devices(), ('model',))

m = MLP(16, 64, 8, rngs=nnx.Rngs(0))
x = jnp.ones((32, 16))

forward = make_forward(mesh)
lowered = jax.jit(lambda m, x: forward(m, x)).trace(m, x).lower(
    lowering_platforms=('cuda',))
print(lowered.as_text()[:40])
