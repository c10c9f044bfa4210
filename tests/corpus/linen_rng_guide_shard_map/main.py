"""Flax's RNG guide, "Using shard_map": one PRNG key per device, the Linen forward pass mapped
over 'data' (jax.shard_map in place of the removed jax.experimental.shard_map; 4 devices)."""
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

def forward(variables, x, add_noise, rng_key_batch):
  # rng_key_batch is a batch of size 1 containing 1 PRNG key
  # index slice into the rng_key_batch to access the PRNG key
  return module.apply(
    variables, x, add_noise, rngs={'params': rng_key_batch[0]}
  )

# define partition specifications
data_pspec = PartitionSpec('data')
no_pspec = PartitionSpec()

# shard the inputs x and rng keys across devices
# replicate the variables and add_noise boolean across devices
# shard the output across devices
shmap_forward = jax.shard_map(
  forward,
  mesh=mesh,
  in_specs=(no_pspec, data_pspec, no_pspec, data_pspec),
  out_specs=data_pspec,
)
# get 4 different rng's that will be used by the 4 devices when doing forward inference
apply_rngs = jax.random.split(apply_rng, 4)
jax.jit(shmap_forward).trace(variables, x, True, apply_rngs).lower(lowering_platforms=("cuda",))
