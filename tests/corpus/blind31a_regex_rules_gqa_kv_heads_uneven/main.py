import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as PS

from easymodel.llama import LlamaAttention, LlamaConfig
from easymodel.partition import match_partition_rules


def create_mesh(axis_dims, axis_names):
  devices = np.array(jax.devices()).reshape(axis_dims)
  return Mesh(devices, axis_names)


config = LlamaConfig()
mesh = create_mesh(config.axis_dims, config.axis_names)
model = LlamaAttention(config)

x = jnp.zeros((4, 16, config.hidden_size), jnp.bfloat16)
shapes = jax.eval_shape(model.init, jax.random.PRNGKey(0), x)
specs = match_partition_rules(config.get_partition_rules(), shapes)
param_shardings = jax.tree.map(lambda s: NamedSharding(mesh, s), specs)
input_sharding = NamedSharding(mesh, PS(("dp", "fsdp"), None, None))

forward = jax.jit(model.apply, in_shardings=(param_shardings, input_sharding), out_shardings=input_sharding)
lowered = forward.trace(shapes, x).lower(lowering_platforms=("cuda",))
print("ok", type(lowered).__name__)
