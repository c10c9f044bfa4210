import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from trainer.step import train_step


class CNN(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.Conv(features=8, kernel_size=(3, 3))(x)
        x = nn.relu(x)
        x = x.reshape((x.shape[0], -1))
        return nn.Dense(features=10)(x)


mesh = Mesh(np.array(jax.devices()), ("batch",))
model = CNN()
params = model.init(jax.random.PRNGKey(0), jnp.ones((1, 8, 8, 1)))["params"]
batch_sharding = NamedSharding(mesh, P("batch"))
images = jax.device_put(jnp.ones((16, 8, 8, 1)), batch_sharding)
labels = jax.device_put(jnp.zeros((16,), jnp.int32), batch_sharding)
print(train_step.trace(model, params, images, labels).lower(lowering_platforms=("cuda",)).as_text()[:60])
