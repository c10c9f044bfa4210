"""Global token count for loss normalisation, with psum imported under a project alias, inside
shard_map over an Explicit-axes mesh whose inputs are device_put first."""
import jax
import jax.numpy as jnp
from jax.lax import psum as reduce_sum
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",))


def masked_loss(logits, labels, mask):
    nll = -jnp.take_along_axis(jax.nn.log_softmax(logits), labels[..., None], axis=-1)[..., 0]
    total = reduce_sum(jnp.sum(nll * mask), "data")
    count = reduce_sum(jnp.sum(mask), "data")
    return total / count


s = NamedSharding(mesh, P("data"))
logits = jnp.zeros((16, 128, 50))
labels = jnp.zeros((16, 128), jnp.int32)
mask = jnp.ones((16, 128))
logits, labels, mask = (jax.device_put(a, s) for a in (logits, labels, mask))
f = jax.jit(jax.shard_map(masked_loss, mesh=mesh, in_specs=P("data"), out_specs=P()))
f.trace(logits, labels, mask).lower(lowering_platforms=("cuda",))
