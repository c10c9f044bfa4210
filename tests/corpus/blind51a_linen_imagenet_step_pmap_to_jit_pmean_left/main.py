import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec

from imagenet.models import SmallResNet
from imagenet.train import TrainState, train_step


def create_train_state(rng, model, image_size):
  variables = model.init(rng, jnp.ones((1, image_size, image_size, 3)), train=False)
  tx = optax.sgd(learning_rate=0.1, momentum=0.9, nesterov=True)
  return TrainState.create(apply_fn=model.apply, params=variables['params'],
                           tx=tx, batch_stats=variables['batch_stats'])


mesh = Mesh(np.array(jax.devices()), ('batch',))
replicated = NamedSharding(mesh, PartitionSpec())
data_sharding = NamedSharding(mesh, PartitionSpec('batch'))

model = SmallResNet()
state = create_train_state(jax.random.key(0), model, 32)
state = jax.device_put(state, replicated)

# pmap -> jit migration: the global batch is now sharded over the 'batch' mesh axis.
jit_train_step = jax.jit(
    train_step,
    in_shardings=(replicated, data_sharding),
    out_shardings=(replicated, replicated),
    donate_argnums=(0,),
)

batch = {
    'image': jnp.zeros((32, 32, 32, 3), jnp.float32),
    'label': jnp.zeros((32,), jnp.int32),
}
print(jit_train_step.trace(state, batch).lower(
    lowering_platforms=('cuda',)).as_text()[:40])
