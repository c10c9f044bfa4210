import jax
import jax.numpy as jnp
from flax import nnx

from mylib.model import MLP
from mylib.parallel import make_tp_forward

mesh = jax.sharding.Mesh(jax.local_devices(), ('model',))
model = MLP(16, 64, 8, rngs=nnx.Rngs(0))
forward = nnx.jit(make_tp_forward(mesh))

x = jnp.ones((32, 16))
forward.trace(model, x).lower(lowering_platforms=('cuda',))
