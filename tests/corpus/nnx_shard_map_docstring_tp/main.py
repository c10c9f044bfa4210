"""The nnx.shard_map docstring's tensor-parallel MLP: StateSharding picks each kernel's spec by
path, the block output is summed over `model`; lowered for GPU through nnx.jit."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.sharding.Mesh(jax.local_devices(), ('model',))

class MLP(nnx.Module):
  def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
    self.linear1 = nnx.Linear(din, dhidden, use_bias=False, rngs=rngs)
    self.linear2 = nnx.Linear(dhidden, dout, use_bias=False, rngs=rngs)

  def __call__(self, x):
    return self.linear2(jax.nn.relu(self.linear1(x)))

m = MLP(2, 64, 3, rngs=nnx.Rngs(0))
x = jnp.ones((32, 2))

def path_ends_with(*path_suffix): # custom filter
  return lambda path, value: path[-len(path_suffix):] == path_suffix

model_spec = nnx.StateSharding({
  path_ends_with('linear1', 'kernel'): P(None, 'model'),
  path_ends_with('linear2', 'kernel'): P('model', None),
})

@nnx.shard_map(mesh=mesh, in_specs=(model_spec, P(None)), out_specs=P(None))
def f(m, x):
  y = m(x)
  return jax.lax.psum(y, 'model')

nnx.jit(f).trace(m, x).lower(lowering_platforms=("cuda",))
