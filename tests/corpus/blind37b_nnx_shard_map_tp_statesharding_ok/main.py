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


def path_ends_with(*path_suffix):
  return lambda path, value: path[-len(path_suffix):] == path_suffix


model_spec = nnx.StateSharding({
    path_ends_with('linear1', 'kernel'): P(None, 'model'),
    path_ends_with('linear2', 'kernel'): P('model', None),
})


@nnx.shard_map(mesh=mesh, in_specs=(model_spec, P(None)), out_specs=P(None))
def tp_forward(m, x):
  y = m(x)
  return jax.lax.psum(y, 'model')


@nnx.jit
def predict(m, x):
  return jnp.argmax(tp_forward(m, x), -1)


m = MLP(8, 64, 3, rngs=nnx.Rngs(0))
x = jnp.ones((32, 8))
print(predict.trace(m, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
