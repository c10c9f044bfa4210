import jax
import jax.numpy as jnp
from flax import nnx

from model import MLP
from evaluate import eval_step

mesh = jax.sharding.Mesh(jax.devices(), ('model',))

m = MLP(16, 64, 8, rngs=nnx.Rngs(0))
batch = {'x': jnp.ones((32, 16)), 'y': jnp.zeros((32,), jnp.int32)}

with jax.set_mesh(mesh):
  print(eval_step.trace(m, batch).lower(lowering_platforms=('cuda',)).lowered.as_text()[:40])
