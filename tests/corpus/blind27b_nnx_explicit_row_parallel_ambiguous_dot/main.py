import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

jax.set_mesh(jax.make_mesh((2, 2), ('X', 'Y')))  # explicit mode by default

layer = nnx.Linear(16, 8, use_bias=False, rngs=nnx.Rngs(0))
# row-parallel: split the input features of the kernel over Y
layer.kernel.value = jax.device_put(layer.kernel.value, P('Y', None))
print(jax.typeof(layer.kernel.value))

x = jnp.arange(8 * 16.).reshape(8, 16)
x = jax.device_put(x, P('X', 'Y'))
jax.debug.visualize_array_sharding(x)


@nnx.jit
def forward(layer, x):
  return jax.nn.relu(layer(x))


print(forward.trace(layer, x).lower(lowering_platforms=('cuda',)).as_text()[:20])
