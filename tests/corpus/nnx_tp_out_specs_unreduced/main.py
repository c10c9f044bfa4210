"""A tensor-parallel MLP block under nnx.shard_map whose partial outputs are returned as if they
were already replicated over `model`."""
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


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(nnx.StateSharding(model_spec), P()), out_specs=P())
def forward(m, x):
  return m(x)


m = MLP(8, 64, 8, rngs=nnx.Rngs(0))
x = jnp.ones((16, 8))
forward.trace(m, x).lower(lowering_platforms=("cuda",))
