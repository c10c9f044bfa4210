"""Global token count inside shard_map over an Explicit-axes mesh (jax.make_mesh's default):
the inputs are built with jnp and handed over unsharded."""
import jax
import jax.numpy as jnp
from jax.lax import psum as reduce_sum
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",))


def masked_loss(logits, labels, mask):
    nll = -jnp.take_along_axis(jax.nn.log_softmax(logits), labels[..., None], axis=-1)[..., 0]
    total = reduce_sum(jnp.sum(nll * mask), "data")
    count = reduce_sum(jnp.sum(mask), "data")
    return total / count


logits = jnp.zeros((16, 128, 50))
labels = jnp.zeros((16, 128), jnp.int32)
mask = jnp.ones((16, 128))
f = jax.jit(jax.shard_map(masked_loss, mesh=mesh, in_specs=P("data"), out_specs=P()))
f.trace(logits, labels, mask).lower(lowering_platforms=("cuda",))
