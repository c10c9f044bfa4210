import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec, NamedSharding
from flax import nnx

from models import DotReluDot

mesh = Mesh(devices=np.array(jax.devices()).reshape(2, 2),
            axis_names=('data', 'model'))


@nnx.jit
def create_sharded_model():
  model = DotReluDot(128, rngs=nnx.Rngs(0))
  state = nnx.state(model)
  pspecs = nnx.get_partition_spec(state)
  sharded_state = jax.lax.with_sharding_constraint(state, pspecs)
  nnx.update(model, sharded_state)
  return model


@nnx.jit
def forward(model, x):
  return model(x).sum()


with mesh:
  sharded_model = create_sharded_model()
  x = jax.device_put(jnp.ones((16, 128)),
                     NamedSharding(mesh, PartitionSpec('data', None)))
  lowered = forward.trace(sharded_model, x).lower(lowering_platforms=('cuda',))
print(lowered.as_text()[:60])
