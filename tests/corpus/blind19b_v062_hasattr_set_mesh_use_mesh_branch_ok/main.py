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
    logits = jnp.zeros((32, 10))
    labels = jnp.zeros((32,), jnp.int32)
    ax = mesh.axis_names[0]
    f = jax.jit(jax.shard_map(metrics, mesh=mesh, in_specs=(P(ax), P(ax)), out_specs=P()))
    f.trace(logits, labels).lower(lowering_platforms=("cuda",))
