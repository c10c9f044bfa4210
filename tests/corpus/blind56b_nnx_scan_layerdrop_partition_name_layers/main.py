import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from encoder import Encoder

N_LAYERS = 6
mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto, AxisType.Auto))



@nnx.jit
def create_sharded_encoder():
  enc = Encoder(128, N_LAYERS, drop_rate=0.1, rngs=nnx.Rngs(0))
  state = nnx.state(enc)
  specs = nnx.get_partition_spec(state)
  nnx.update(enc, jax.lax.with_sharding_constraint(state, specs))
  return enc


with jax.set_mesh(mesh):
  enc = create_sharded_encoder()

  @nnx.jit
  def forward(enc, x, key):
    return enc(x, jax.random.split(key, N_LAYERS))

  x = jax.device_put(jnp.ones((32, 128)), NamedSharding(mesh, P('data')))
  forward.trace(enc, x, jax.random.key(1)).lower(lowering_platforms=('tpu',))
