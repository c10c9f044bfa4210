"""Global token count for loss normalisation, with psum imported under a project alias; the
step is jitted with sharded inputs, not shard_mapped."""
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
args = (jax.ShapeDtypeStruct((16, 128, 50), jnp.float32, sharding=s),
        jax.ShapeDtypeStruct((16, 128), jnp.int32, sharding=s),
        jax.ShapeDtypeStruct((16, 128), jnp.float32, sharding=s))
jax.jit(masked_loss).trace(*args).lower(lowering_platforms=("cuda",))
