import jax
from jax.experimental import mesh_utils
from jax.sharding import PositionalSharding

n_devices = len(jax.devices())
sharding = PositionalSharding(mesh_utils.create_device_mesh((n_devices,)))

replicated = sharding.replicate()
batch_sharded = sharding.reshape(n_devices, 1, 1)   # [batch, seq, feature]: split the batch dim
