import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Explicit,))


@jax.jit
def normalized_logits(logits):
    full = jax.sharding.reshard(logits, P())
    return full - jax.nn.logsumexp(full, axis=-1, keepdims=True)


logits = jax.device_put(jnp.ones((8, 10)), NamedSharding(mesh, P("data", None)))
print(normalized_logits.trace(logits).lower(lowering_platforms=("cuda",)).as_text()[:30])
