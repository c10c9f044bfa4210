import jax
import jax.numpy as jnp
from flax import nnx

from model import MLP, make_tp_forward

mesh = jax.sharding.Mesh(jax.local_devices(), ('model',))

m = MLP(8, 64, 8, rngs=nnx.Rngs(0))
x = jnp.ones((32, 8))

forward = make_tp_forward(mesh)


@nnx.jit
def eval_step(m, x):
  y = forward(m, x)
  return jnp.mean(y ** 2)


print(eval_step.trace(m, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
