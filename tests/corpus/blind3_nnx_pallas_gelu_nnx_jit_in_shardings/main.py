import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from mlp import FusedMLP

mesh = Mesh(jax.devices(), ('data',))
data_sharding = NamedSharding(mesh, P('data'))
model = FusedMLP(128, 256, rngs=nnx.Rngs(0))
replicated = NamedSharding(mesh, P())


@nnx.jit(in_shardings=(replicated, data_sharding), out_shardings=data_sharding)
def forward(model, x):
  return model(x)


x = jnp.ones((64, 128), jnp.float32)
forward.trace(model, x).lower(lowering_platforms=('tpu',))
