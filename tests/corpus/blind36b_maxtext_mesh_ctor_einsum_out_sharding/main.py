import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from layers.linears import mlp_block

MESH_AXES = ("data", "model")


def create_device_mesh(shape):
    devices = np.asarray(jax.devices()).reshape(shape)
    return devices


mesh = Mesh(create_device_mesh((2, 2)), MESH_AXES)


def put(x, spec):
    return jax.device_put(x, NamedSharding(mesh, spec))


x = put(jnp.ones((4, 8, 32), jnp.bfloat16), P("data", None, None))
wi_0 = put(jnp.ones((32, 128), jnp.bfloat16), P(None, "model"))
wi_1 = put(jnp.ones((32, 128), jnp.bfloat16), P(None, "model"))
wo = put(jnp.ones((128, 32), jnp.bfloat16), P("model", None))

with jax.set_mesh(mesh):
    lowered = jax.jit(mlp_block).trace(x, wi_0, wi_1, wo).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:20])
