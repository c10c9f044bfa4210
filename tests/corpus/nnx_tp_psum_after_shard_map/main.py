"""A tensor-parallel MLP block: each device computes its slice of the hidden layer inside
nnx.shard_map, which stacks the partial outputs; they are psum-ed afterwards, in the jitted
step."""
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


model_spec = nnx.State({
  'linear1': {'kernel': P(None, 'model')},
  'linear2': {'kernel': P('model', None)},
})


@nnx.shard_map(mesh=mesh, in_specs=(nnx.StateSharding(model_spec), P()), out_specs=P('model'))
def partial_block(m, x):
  return m(x)[None]


@nnx.jit
def forward(m, x):
  partials = partial_block(m, x)
  return jax.lax.psum(partials, 'model')[0]


m = MLP(8, 64, 8, rngs=nnx.Rngs(0))
x = jnp.ones((16, 8))
forward.trace(m, x).lower(lowering_platforms=("cuda",))
