"""Flax's "Scale up on multiple devices" guide: a sharded nnx.Linear made under jax.jit, then its
forward pass jitted on data sharded along `data` (lowered for GPU; 2x2 mesh on 4 devices)."""
import jax
from jax import numpy as jnp
from jax.sharding import PartitionSpec as P, AxisType
from flax import nnx

auto_mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto, AxisType.Auto))


@jax.jit
def init_sharded_linear(key):
  init_fn = nnx.nn.linear.default_kernel_init
  # Shard your parameter along `model` dimension, as in model/tensor parallelism
  return nnx.Linear(4, 8, use_bias=False, rngs=nnx.Rngs(key),
                    kernel_init=nnx.with_partitioning(init_fn, (None, 'model')))

rngs = nnx.Rngs(0)
with jax.set_mesh(auto_mesh):
  key = rngs()
  linear = init_sharded_linear(key)
  assert linear.kernel.sharding.spec == P(None, 'model') # already sharded!

with jax.set_mesh(auto_mesh):
  # Create your input data, sharded along `data` dimension, as in data parallelism
  x = jax.device_put(jnp.ones((16, 4)), P('data', None))

  # Run the model forward function, jitted
  forward = jax.jit(lambda m, x: m(x))
  forward.trace(linear, x).lower(lowering_platforms=("cuda",))
