import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from config import TrainConfig
from model import CNN
from trainer import Trainer

cfg = TrainConfig(grad_sync="implicit")
mesh = Mesh(np.array(jax.devices()), (cfg.data_axis,))

model = CNN(rngs=nnx.Rngs(0))
trainer = Trainer(model, cfg)

data_sharding = NamedSharding(mesh, P(cfg.data_axis))
batch = {
    "image": jax.device_put(jnp.zeros((cfg.batch_size, 28, 28, 1), jnp.float32), data_sharding),
    "label": jax.device_put(jnp.zeros((cfg.batch_size,), jnp.int32), data_sharding),
}

trainer.train_step.trace(trainer.model, batch).lower(lowering_platforms=("cuda",))
