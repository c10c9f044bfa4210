import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from nets import CNN
from training import create_state, make_train_step

mesh = jax.make_mesh((jax.device_count(),), ('data',))
# Per-device (unsynchronised) batch statistics, as in the original single-GPU script.
model = CNN(num_classes=10, bn_axis_name=None)
state = create_state(model, jax.random.key(0), (16, 16, 3), 1e-3)

with jax.set_mesh(mesh):
  images = jax.device_put(jnp.zeros((8, 16, 16, 3)), NamedSharding(mesh, P('data')))
  labels = jax.device_put(jnp.zeros((8,), jnp.int32), NamedSharding(mesh, P('data')))
  train_step = make_train_step('data')
  train_step.trace(state, images, labels).lower(lowering_platforms=('cuda',))
