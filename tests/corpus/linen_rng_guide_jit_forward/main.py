"""Flax's RNG guide, "Using jax.jit": a Linen forward pass with in_shardings/out_shardings,
lowered for GPU (4 devices here instead of 8)."""
import jax, jax.numpy as jnp
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec, NamedSharding
from jax.experimental import mesh_utils

jax.config.update('jax_threefry_partitionable', True)

# Create a mesh and annotate the axis with a name.
device_mesh = mesh_utils.create_device_mesh((4,))
mesh = Mesh(devices=device_mesh, axis_names=('data',))
data_sharding = NamedSharding(mesh, PartitionSpec('data',))


class Model(nn.Module):
  @nn.compact
  def __call__(self, x, add_noise):
    x = nn.Dense(1)(x)
    # use jnp.where for control flow; for more details see: https://jax.readthedocs.io/en/latest/errors.html#jax.errors.TracerBoolConversionError
    return jnp.where(
      add_noise, x + jax.random.normal(self.make_rng('params'), x.shape), x
    )

module = Model()
init_rng, apply_rng = jax.random.split(jax.random.key(0))
x = jnp.ones((8, 1))
variables = module.init(init_rng, x, False)

# create custom forward function, since jit does not support kwargs when in_shardings is specified
def forward(variables, x, add_noise, rng):
  return module.apply(variables, x, add_noise, rngs={'params': rng})

# shard the inputs x across devices
# replicate the variables, add_noise boolean and rng key across devices
# shard the output across devices
jit_forward = jax.jit(
  forward,
  in_shardings=(None, data_sharding, None, None),
  out_shardings=data_sharding,
)
jit_forward.trace(variables, x, True, apply_rng).lower(lowering_platforms=("cuda",))
