import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

BATCH_SIZE = 6  # per-step batch from the config

mesh = Mesh(np.array(jax.devices()).reshape(-1), ("data",))
data_sharding = NamedSharding(mesh, P("data"))


class Model(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(2)(x)


model = Model()
params = model.init(jax.random.key(0), jnp.ones((1, 4)))
batch = jax.device_put(np.ones((BATCH_SIZE, 4), np.float32), data_sharding)
apply = jax.jit(model.apply)
print(apply.trace(params, batch).lower(lowering_platforms=("cuda",)).as_text()[:60])
