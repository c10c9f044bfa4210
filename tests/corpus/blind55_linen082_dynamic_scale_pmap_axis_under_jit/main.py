import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import dynamic_scale as dynamic_scale_lib
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from train import TrainState, train_step


class SmallCNN(nn.Module):
  dtype: jnp.dtype = jnp.float16

  @nn.compact
  def __call__(self, x, train: bool = True):
    x = nn.Conv(32, (3, 3), dtype=self.dtype)(x)
    x = nn.BatchNorm(use_running_average=not train, dtype=self.dtype)(x)
    x = nn.relu(x).mean(axis=(1, 2))
    return nn.Dense(10, dtype=self.dtype)(x)


mesh = Mesh(np.array(jax.devices()), ("batch",))
model = SmallCNN()
variables = model.init(jax.random.key(0), jnp.ones((1, 32, 32, 3)), train=False)
state = TrainState.create(
    apply_fn=model.apply, params=variables["params"], tx=optax.sgd(0.1, momentum=0.9),
    batch_stats=variables["batch_stats"], dynamic_scale=dynamic_scale_lib.DynamicScale())

data = NamedSharding(mesh, P("batch"))
batch = {"image": jax.ShapeDtypeStruct((64, 32, 32, 3), jnp.float32, sharding=data),
         "label": jax.ShapeDtypeStruct((64,), jnp.int32, sharding=data)}
step = jax.jit(train_step, donate_argnums=0)
step.trace(state, batch).lower(lowering_platforms=("cuda",))
