import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh

from runner import make_forward
from sp import SequenceParallelMLP

mesh = Mesh(jax.devices(), ('tp',))
with jax.set_mesh(mesh):
  model = SequenceParallelMLP(16, 64, axis='tp', rngs=nnx.Rngs(0))
graphdef, state = nnx.split(model)

forward = make_forward(graphdef, state, mesh)
x = jnp.ones((2, 8, 16))
forward.trace(state, x).lower(lowering_platforms=('cuda',))
