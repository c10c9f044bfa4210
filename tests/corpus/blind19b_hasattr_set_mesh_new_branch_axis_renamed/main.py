import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

n = len(jax.devices())

if hasattr(jax, "set_mesh"):
    mesh = jax.make_mesh((n,), ("batch",), axis_types=(jax.sharding.AxisType.Explicit,))
    mesh_ctx = jax.set_mesh(mesh)
else:
    mesh = Mesh(np.array(jax.devices()), ("data",))
    mesh_ctx = jax.sharding.use_mesh(mesh)


def metrics(logits, labels):
    acc = jnp.mean(jnp.argmax(logits, -1) == labels)
    return lax.pmean(acc, "data")


with mesh_ctx:
    logits = jax.device_put(jnp.zeros((32, 10)), jax.sharding.NamedSharding(mesh, P(mesh.axis_names[0])))
    labels = jax.device_put(jnp.zeros((32,), jnp.int32), jax.sharding.NamedSharding(mesh, P(mesh.axis_names[0])))
    f = jax.jit(jax.shard_map(metrics, in_specs=(P(mesh.axis_names[0]), P(mesh.axis_names[0])), out_specs=P()))
    f.trace(logits, labels).lower(lowering_platforms=("cuda",))
