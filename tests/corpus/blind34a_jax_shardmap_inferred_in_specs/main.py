import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"))
jax.set_mesh(mesh)


def local_logsumexp(logits):
    # logits block: [B/2, V/2]; reduce over the vocab shards
    m = lax.pmax(jnp.max(logits, axis=-1, keepdims=True), "model")
    s = lax.psum(jnp.sum(jnp.exp(logits - m), axis=-1, keepdims=True), "model")
    return m + jnp.log(s)


# in_specs left out: on an Explicit mesh shard_map reads them off the argument's type
lse = jax.shard_map(local_logsumexp, out_specs=P("data", None))


@jax.jit
def loss(logits):
    return jnp.mean(lse(logits))


logits = jax.device_put(jnp.zeros((8, 128)), P("data", "model"))
print(loss.trace(logits).lower(lowering_platforms=("cuda",)).as_text()[:10])
