import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P
from flax import nnx

from model import LogicalMultiDotReluDot

# The mapping from alias annotation to the device mesh.
sharding_rules = (('batch', 'data'), ('hidden', 'model'), ('embed', None))

auto_mesh = jax.make_mesh((2, 2), ('data', 'model'))


@jax.jit
def init_sharded(key):
  return LogicalMultiDotReluDot(128, 2, rngs=nnx.Rngs(key))


@jax.jit
def forward(model, x):
  return model(x)


with jax.set_mesh(auto_mesh), nnx.logical_axis_rules(sharding_rules):
  key = jax.random.key(0)
  print(init_sharded.trace(key).lower(lowering_platforms=('cuda',)).as_text()[:40])
  model = init_sharded(key)
  x = jax.device_put(jnp.ones((8, 128)), P('data', None))
  print(forward.trace(model, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
