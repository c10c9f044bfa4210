import jax
import jax.numpy as jnp
from flax import nnx

from model import MLP
from parallel import make_forward

mesh = jax.sharding.Mesh(jax.local_devices(), ('model',))

d_model = 16
d_hidden = int(d_model * 8 / 3)
m = MLP(d_model, d_hidden, 8, rngs=nnx.Rngs(0))
x = jnp.ones((32, d_model))

forward = make_forward(mesh)
lowered = jax.jit(lambda m, x: forward(m, x)).trace(m, x).lower(
    lowering_platforms=('cuda',))
print(lowered.as_text()[:40])
