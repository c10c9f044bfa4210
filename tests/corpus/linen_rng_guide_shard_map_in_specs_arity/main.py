"""Flax's RNG guide, "Using shard_map", with the add_noise flag's spec left out of in_specs."""
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
  return module.apply(
    variables, x, add_noise, rngs={'params': rng_key_batch[0]}
  )

data_pspec = PartitionSpec('data')
no_pspec = PartitionSpec()

shmap_forward = jax.shard_map(
  forward,
  mesh=mesh,
  in_specs=(no_pspec, data_pspec, data_pspec),
  out_specs=data_pspec,
)
apply_rngs = jax.random.split(apply_rng, 4)
jax.jit(shmap_forward).trace(variables, x, True, apply_rngs).lower(lowering_platforms=("cuda",))
